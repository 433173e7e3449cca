/**
 * Latency histograms with fixed, geometrically growing bucket bounds: every bucket is 20% wider than
 * the one before, from 0.5 ms to past two minutes, so a percentile read from the counts is within
 * one bucket (a fifth of its value) of the exact one, at any latency. The bounds are part of the
 * stored rollups: changing them needs a migration of request_rollups.
 */

const FIRST_BOUND_MS = 0.5;
const GROWTH = 1.2;
const LAST_BOUND_MS = 150_000;

/** Upper bounds (inclusive) in ms; a last, open bucket holds everything slower. */
export const LATENCY_BUCKET_BOUNDS_MS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let bound = FIRST_BOUND_MS; bound < LAST_BOUND_MS; bound *= GROWTH) {
    bounds.push(Math.round(bound * 1000) / 1000);
  }
  return bounds;
})();

export const LATENCY_BUCKET_COUNT = LATENCY_BUCKET_BOUNDS_MS.length + 1;

const LOG_GROWTH = Math.log(GROWTH);

/** The bucket a latency falls in. */
export function latencyBucketOf(ms: number): number {
  if (!(ms > FIRST_BOUND_MS)) {
    return 0;
  }
  let index = Math.min(
    Math.ceil(Math.log(ms / FIRST_BOUND_MS) / LOG_GROWTH),
    LATENCY_BUCKET_COUNT - 1,
  );
  // The rounded bounds can put a value at a bucket's edge one off the logarithm's answer.
  while (index > 0 && ms <= LATENCY_BUCKET_BOUNDS_MS[index - 1]!) {
    index -= 1;
  }
  while (index < LATENCY_BUCKET_BOUNDS_MS.length && ms > LATENCY_BUCKET_BOUNDS_MS[index]!) {
    index += 1;
  }
  return index;
}

export const emptyHistogram = (): number[] => new Array<number>(LATENCY_BUCKET_COUNT).fill(0);

/** Adds `from` into `into`, bucket by bucket (histograms of different lengths are padded). */
export function addHistogram(into: number[], from: readonly number[]): void {
  for (let i = 0; i < from.length; i += 1) {
    into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  }
}

/**
 * The q-quantile (0 < q ≤ 1) of the latencies counted, interpolated within its bucket; null when
 * nothing was counted. The open last bucket answers its lower bound.
 */
export function histogramQuantile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) {
    return null;
  }
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    const count = histogram[i] ?? 0;
    if (count > 0 && seen + count >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BUCKET_BOUNDS_MS[i - 1]!;
      const upper = LATENCY_BUCKET_BOUNDS_MS[i];
      if (upper === undefined) {
        return lower;
      }
      const within = Math.max(0, rank - seen) / count;
      return Math.round((lower + (upper - lower) * within) * 100) / 100;
    }
    seen += count;
  }
  return LATENCY_BUCKET_BOUNDS_MS[LATENCY_BUCKET_BOUNDS_MS.length - 1]!;
}
