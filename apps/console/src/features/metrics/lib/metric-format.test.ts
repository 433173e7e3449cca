import { describe, expect, it } from 'vitest';

import { changeOf, formatLatency, formatRate } from './metric-format';

describe('metric formatting', () => {
  it('says latency in ms below a second and in seconds above', () => {
    expect(formatLatency(null)).toBe('—');
    expect(formatLatency(3.24)).toBe('3.2 ms');
    expect(formatLatency(412.6)).toBe('413 ms');
    expect(formatLatency(2500)).toBe('2.5 s');
  });

  it('gives rates as percentages', () => {
    expect(formatRate(0.1234)).toBe('12.3%');
    expect(formatRate(0)).toBe('0.0%');
  });

  it('compares with the previous window: relative for counts and latency, points for rates', () => {
    expect(changeOf(120, 100, 'count')).toEqual({ text: '+20%', tone: 'neutral' });
    expect(changeOf(80, 100, 'latency')).toEqual({ text: '−20%', tone: 'better' });
    expect(changeOf(6, 3, 'errors')).toEqual({ text: '+100%', tone: 'worse' });
    expect(changeOf(0.05, 0.02, 'rate')).toEqual({ text: '+3.0 pts', tone: 'worse' });
    expect(changeOf(5, 0, 'count')).toBeNull();
    expect(changeOf(null, 10, 'latency')).toBeNull();
    expect(changeOf(0, 0, 'count')).toEqual({ text: 'no change', tone: 'neutral' });
  });
});
