// `npm test`: every test there is. Unit and HTTP tests (vitest), then a production build and the
// browser suite (Playwright in Chromium) against it. Exits non-zero if any step fails, and ends
// with one line counting every test that ran.
import { spawn } from 'node:child_process';

import { ensureDependencies, npm, root } from './lib.mjs';

await ensureDependencies();

const steps = [
  ['calendar unit tests', ['run', 'test', '-w', '@ehr-gateway/calendar']],
  ['contracts unit tests', ['run', 'test', '-w', '@ehr-gateway/contracts']],
  ['synthetic practice unit tests', ['run', 'test', '-w', '@ehr-gateway/synthetic-practice']],
  ['FHIR mapping unit tests', ['run', 'test', '-w', '@ehr-gateway/fhir-mapping']],
  ['sandbox kit unit tests', ['run', 'test', '-w', '@ehr-gateway/sandbox-kit']],
  ['athena sandbox tests', ['run', 'test', '-w', '@ehr-gateway/athena-sandbox']],
  ['FHIR sandbox tests', ['run', 'test', '-w', '@ehr-gateway/fhir-sandbox']],
  ['development IdP tests', ['run', 'test', '-w', '@ehr-gateway/dev-idp']],
  ['gateway unit and HTTP tests', ['run', 'test', '-w', '@ehr-gateway/gateway']],
  ['voice-agent evaluation set (100 % required)', ['run', 'eval:voice']],
  ['console component tests', ['run', 'test', '-w', '@ehr-gateway/console']],
  ['production build', ['run', 'build']],
  ['browser end-to-end tests', ['run', 'test', '-w', '@ehr-gateway/e2e']],
];

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** Runs one step, echoing its output, and reads the runner's own pass/fail counts from it. */
function runStep(args) {
  return new Promise((resolve) => {
    const child = spawn(npm, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const echo = (stream) => (chunk) => {
      stream.write(chunk);
      text += chunk.toString();
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('exit', (code, signal) => {
      const plain = text.replace(ANSI, '');
      // vitest: "Tests  12 passed | 1 failed (13)"; Playwright: "  65 passed (2.4m)".
      const vitest = /^\s*Tests\s+(.*)$/m.exec(plain)?.[1] ?? '';
      const source =
        vitest ||
        plain
          .split('\n')
          .filter((line) => /^\s+\d+ (passed|failed)/.test(line))
          .join(' ');
      const count = (word) => Number(new RegExp(`(\\d+) ${word}`).exec(source)?.[1] ?? 0);
      resolve({ code: code ?? (signal ? 1 : 0), passed: count('passed'), failed: count('failed') });
    });
  });
}

const failed = [];
let passedTests = 0;
let failedTests = 0;
for (const [name, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const result = await runStep(args);
  passedTests += result.passed;
  failedTests += result.failed;
  if (result.code !== 0) {
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
console.log(`\n${passedTests} passed, ${failedTests} failed`);
process.exit(failed.length === 0 ? 0 : 1);
