/**
 * An ISO time with microseconds: the database keeps them, so entries that start within the same
 * millisecond still sort in the order they arrived.
 */
export function preciseIsoTime(epochMs: number): string {
  const wholeMs = Math.floor(epochMs);
  const micros = Math.floor((epochMs - wholeMs) * 1000);
  return new Date(wholeMs).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
}
