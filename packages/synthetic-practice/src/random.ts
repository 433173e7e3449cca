/** mulberry32: a small, fast, seedable PRNG; the same seed always yields the same sequence. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    digits: (count: number) =>
      Array.from({ length: count }, () => Math.floor(next() * 10)).join(''),
  };
}

export type Random = ReturnType<typeof createRandom>;

/** A stable value in [0, 1) for a key, independent of any sequence (used per slot). */
export function hashUnit(key: string, seed: number): number {
  let h = (2_166_136_261 ^ seed) >>> 0;
  for (let i = 0; i < key.length; i += 1) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16_777_619) >>> 0;
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995) >>> 0;
  h ^= h >>> 15;
  return (h >>> 0) / 4_294_967_296;
}
