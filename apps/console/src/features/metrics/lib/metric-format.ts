import type { MetricFigures } from '@ehr-gateway/contracts';

const count = new Intl.NumberFormat('en-US');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export const formatCount = (value: number) => (value >= 10_000 ? compact : count).format(value);

export const formatRate = (value: number) =>
  `${(value * 100).toFixed(value > 0 && value < 0.001 ? 2 : 1)}%`;

export function formatLatency(ms: number | null): string {
  if (ms === null) {
    return '—';
  }
  if (ms >= 1000) {
    return `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;
  }
  return `${ms >= 100 ? Math.round(ms) : ms.toFixed(1)} ms`;
}

export interface Change {
  text: string;
  /** Whether the change is for the better (fewer errors, lower latency, more traffic is neutral). */
  tone: 'better' | 'worse' | 'neutral';
}

/**
 * How a figure moved against the previous window: relative for counts and latency, in points for
 * rates. Null when there is nothing to compare with.
 */
export function changeOf(
  current: number | null,
  previous: number | null,
  kind: 'count' | 'rate' | 'latency' | 'errors',
): Change | null {
  if (current === null || previous === null) {
    return null;
  }
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    if (Math.abs(points) < 0.05) {
      return { text: 'no change', tone: 'neutral' };
    }
    return {
      text: `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)} pts`,
      tone: points > 0 ? 'worse' : 'better',
    };
  }
  if (previous === 0) {
    return current === 0 ? { text: 'no change', tone: 'neutral' } : null;
  }
  const relative = (current - previous) / previous;
  if (Math.abs(relative) < 0.005) {
    return { text: 'no change', tone: 'neutral' };
  }
  const text = `${relative > 0 ? '+' : '−'}${Math.abs(relative * 100).toFixed(0)}%`;
  if (kind === 'count') {
    return { text, tone: 'neutral' };
  }
  return { text, tone: relative > 0 ? 'worse' : 'better' };
}

export const hasTraffic = (figures: MetricFigures) => figures.count > 0;
