// `npm run test:clock [-- <ISO moment> …]`: the unit, HTTP and component suites, and the browser
// tests that book appointments (tagged @books in e2e/), with every process's clock moved to awkward
// moments, proving that no test depends on today's date, the time of day or the weekday. Without
// arguments it tries each moment below in turn. It builds first: the browser tests run against the
// production build, whose gateway and athena sandbox inherit the shifted clock; the page's clock
// follows through Playwright (e2e/support/clock.ts).
import path from 'node:path';

import { CLOCK_MOMENTS } from './clock-moments.mjs';
import { ensureDependencies, npm, root, run } from './lib.mjs';

const MOMENTS = CLOCK_MOMENTS;

const WORKSPACES = [
  '@ehr-gateway/calendar',
  '@ehr-gateway/contracts',
  '@ehr-gateway/synthetic-practice',
  '@ehr-gateway/fhir-mapping',
  '@ehr-gateway/sandbox-kit',
  '@ehr-gateway/athena-sandbox',
  '@ehr-gateway/fhir-sandbox',
  '@ehr-gateway/gateway',
  '@ehr-gateway/console',
];

/** The e2e tag of the tests that book (e2e/support/clock.ts). */
const BOOKING_TESTS = '@books';

await ensureDependencies();
if ((await run(npm, ['run', 'build'])) !== 0) {
  process.exit(1);
}
const moments = process.argv.slice(2).length > 0 ? process.argv.slice(2) : MOMENTS;
const shim = path.join(root, 'scripts', 'shifted-clock.mjs');
const failed = [];
for (const moment of moments) {
  console.log(`\n━━ every suite with the clock at ${moment} ━━`);
  const env = {
    ...process.env,
    TEST_NOW: moment,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${shim}`.trim(),
  };
  const code = await run(npm, ['run', 'test', ...WORKSPACES.flatMap((w) => ['-w', w])], { env });
  console.log(`\n━━ the browser tests that book, with the clock at ${moment} ━━`);
  const e2e = await run(
    npm,
    ['run', 'test', '-w', '@ehr-gateway/e2e', '--', '--grep', BOOKING_TESTS],
    { env },
  );
  if (code !== 0 || e2e !== 0) {
    failed.push(moment);
  }
}
console.log('');
for (const moment of moments) {
  console.log(`${failed.includes(moment) ? '✖' : '✔'} ${moment}`);
}
process.exit(failed.length === 0 ? 0 : 1);
