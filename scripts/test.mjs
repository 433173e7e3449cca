// `npm test`: every test there is. Unit and HTTP tests (vitest), then a production build and the
// browser suite (Playwright in Chromium) against it. Exits non-zero if any step fails.
import { ensureDependencies, npm, run } from './lib.mjs';

await ensureDependencies();

const steps = [
  ['contracts unit tests', ['run', 'test', '-w', '@ehr-gateway/contracts']],
  ['synthetic practice unit tests', ['run', 'test', '-w', '@ehr-gateway/synthetic-practice']],
  ['athena sandbox tests', ['run', 'test', '-w', '@ehr-gateway/athena-sandbox']],
  ['gateway unit and HTTP tests', ['run', 'test', '-w', '@ehr-gateway/gateway']],
  ['console component tests', ['run', 'test', '-w', '@ehr-gateway/console']],
  ['production build', ['run', 'build']],
  ['browser end-to-end tests', ['run', 'test', '-w', '@ehr-gateway/e2e']],
];

const failed = [];
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const code = await run(npm, args);
  if (code !== 0) {
    failed.push(name);
    // Without a build there is nothing for the browser suite to test.
    if (name === 'production build') {
      break;
    }
  }
}

console.log('');
for (const [name] of steps) {
  console.log(`${failed.includes(name) ? '✖' : '✔'} ${name}`);
}
process.exit(failed.length === 0 ? 0 : 1);
