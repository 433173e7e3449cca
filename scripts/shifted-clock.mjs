// Loaded with `node --import` into every process of a test run when TEST_NOW is set (see
// scripts/test-clock.mjs): moves the process's clock to that moment and lets it keep running, so
// the suite can be tried on a Friday evening, a weekend or the eve of a daylight-saving change.
// Timers are untouched; only what reads the wall clock (Date, performance.timeOrigin) moves.
const target = process.env.TEST_NOW;

if (target) {
  const at = Date.parse(target);
  if (Number.isNaN(at)) {
    throw new Error(`TEST_NOW is not a date: ${target}`);
  }
  const RealDate = globalThis.Date;
  const offset = at - RealDate.now();

  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) {
        super(RealDate.now() + offset);
      } else {
        super(...args);
      }
    }

    static now() {
      return RealDate.now() + offset;
    }
  }
  // Called without `new`, Date() returns the current time as a string.
  const DateFunction = new Proxy(ShiftedDate, {
    apply: () => new ShiftedDate().toString(),
  });
  globalThis.Date = DateFunction;

  const timeOrigin = performance.timeOrigin + offset;
  Object.defineProperty(performance, 'timeOrigin', { get: () => timeOrigin });
}
