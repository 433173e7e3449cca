/**
 * Awkward moments to move the clock to (scripts/shifted-clock.mjs), shared by `npm run test:clock`
 * and `npm run eval:voice`.
 */
export const CLOCK_MOMENTS = [
  // Friday evening UTC: already Saturday nowhere in the US, nearly so in UTC.
  '2026-11-27T22:30:00Z',
  // A Sunday: no synthetic schedule has slots today.
  '2026-11-29T12:00:00Z',
  // The eve of the US spring-forward change (2027-03-14, 02:00 local time).
  '2027-03-13T23:30:00Z',
  // The eve of the US fall-back change (2027-11-07, 02:00 local time).
  '2027-11-06T21:00:00Z',
];
