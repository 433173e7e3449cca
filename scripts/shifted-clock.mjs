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

  // A function rather than a subclass: its prototype must stay Date.prototype itself, because
  // libraries read Object.getOwnPropertyNames(Date.prototype) to wrap every method (@date-fns/tz
  // does), and subclasses of this Date must still construct real Dates.
  function ShiftedDate(...args) {
    if (new.target === undefined) {
      // Called without `new`, Date() returns the current time as a string.
      return new RealDate(RealDate.now() + offset).toString();
    }
    return Reflect.construct(
      RealDate,
      args.length === 0 ? [RealDate.now() + offset] : args,
      new.target,
    );
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offset;
  globalThis.Date = ShiftedDate;

  const timeOrigin = performance.timeOrigin + offset;
  Object.defineProperty(performance, 'timeOrigin', { get: () => timeOrigin });
}
