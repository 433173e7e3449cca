import { describe, expect, it } from 'vitest';

import {
  addHistogram,
  emptyHistogram,
  histogramQuantile,
  LATENCY_BUCKET_BOUNDS_MS,
  LATENCY_BUCKET_COUNT,
  latencyBucketOf,
} from './latency-histogram.js';

/** A deterministic generator, so a failure names data that can be reproduced. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function exactQuantile(sorted: number[], q: number): number {
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

/** The width of the bucket a value falls in: the tolerance the module promises. */
function bucketWidth(ms: number): number {
  const index = latencyBucketOf(ms);
  const lower = index === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[index - 1]!;
  const upper = LATENCY_BUCKET_BOUNDS_MS[index] ?? lower;
  return upper - lower;
}

describe('latency histogram', () => {
  it('puts each latency in the bucket whose bounds hold it', () => {
    for (const ms of [0, 0.2, 0.5, 0.51, 1, 3.7, 12, 250, 9_999, 120_000]) {
      const index = latencyBucketOf(ms);
      const upper = LATENCY_BUCKET_BOUNDS_MS[index]!;
      const lower = index === 0 ? -Infinity : LATENCY_BUCKET_BOUNDS_MS[index - 1]!;
      expect(ms).toBeLessThanOrEqual(upper);
      expect(ms).toBeGreaterThan(lower);
    }
    expect(latencyBucketOf(10 * 60_000)).toBe(LATENCY_BUCKET_COUNT - 1);
  });

  it.each([
    ['uniform 1–40 ms', (r: () => number) => 1 + r() * 39],
    ['log-normal around 20 ms', (r: () => number) => Math.exp(Math.log(20) + (r() - 0.5) * 3)],
    ['fast with a slow tail', (r: () => number) => (r() < 0.97 ? 2 + r() * 3 : 300 + r() * 2700)],
  ])('reads p50, p95 and p99 within one bucket of the exact value (%s)', (_name, draw) => {
    const random = seeded(42);
    const values = Array.from({ length: 20_000 }, () => draw(random));
    const histogram = emptyHistogram();
    for (const value of values) {
      histogram[latencyBucketOf(value)]! += 1;
    }
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.95, 0.99]) {
      const exact = exactQuantile(sorted, q);
      const estimate = histogramQuantile(histogram, q)!;
      expect(Math.abs(estimate - exact)).toBeLessThanOrEqual(bucketWidth(exact));
    }
  });

  it('sums histograms bucket by bucket, as rollups of one window are summed', () => {
    const a = emptyHistogram();
    const b = emptyHistogram();
    a[latencyBucketOf(5)]! += 3;
    b[latencyBucketOf(5)]! += 2;
    b[latencyBucketOf(900)]! += 5;
    addHistogram(a, b);
    expect(a.reduce((sum, n) => sum + n, 0)).toBe(10);
    expect(histogramQuantile(a, 0.5)).toBeLessThanOrEqual(5 + bucketWidth(5));
    expect(histogramQuantile(a, 0.99)).toBeGreaterThan(700);
  });

  it('answers null for an empty histogram', () => {
    expect(histogramQuantile(emptyHistogram(), 0.95)).toBeNull();
  });
});
