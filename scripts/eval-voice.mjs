// `npm run eval:voice [-- --at <ISO moment>… | --all-moments] [--only <id pattern>]`: the voice-agent
// evaluation set. Plays every scripted call (packages/synthetic-practice/src/voice-eval/*.json)
// through the Vapi webhook and the Retell endpoint against the Mock EHR and the athena sandbox
// (apps/gateway/test/voice-eval), with the clock moved to a fixed awkward moment (a Sunday, by
// default) so the real weekday, a holiday week or a DST eve cannot change the outcome. Prints the
// pass rate and every failed conversation with its transcript; exits non-zero below 100 %.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { CLOCK_MOMENTS } from './clock-moments.mjs';
import { ensureDependencies, npm, root, runQuietly } from './lib.mjs';

const DEFAULT_MOMENT = CLOCK_MOMENTS[1];

function parseArguments(args) {
  const moments = [];
  let only = null;
  for (let index = 0; index < args.length; index += 1) {
    if (args[index] === '--at') {
      moments.push(args[(index += 1)]);
    } else if (args[index] === '--all-moments') {
      moments.push(...CLOCK_MOMENTS);
    } else if (args[index] === '--only') {
      only = args[(index += 1)];
    } else {
      console.error(`unknown argument ${args[index]}`);
      process.exit(2);
    }
  }
  return { moments: moments.length > 0 ? moments : [DEFAULT_MOMENT], only };
}

/** Plays the set once with the clock at `moment`; resolves with each conversation's outcome. */
async function playAt(moment, only, directory) {
  const report = path.join(directory, `${moment.replace(/\W/g, '-')}.json`);
  const shim = path.join(root, 'scripts', 'shifted-clock.mjs');
  const { code, output } = await runQuietly(
    npm,
    [
      'exec',
      '-w',
      '@ehr-gateway/gateway',
      '--',
      'vitest',
      'run',
      '--config',
      'vitest.eval.config.ts',
    ],
    {
      env: {
        ...process.env,
        TEST_NOW: moment,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${shim}`.trim(),
        VOICE_EVAL_REPORT: report,
        ...(only ? { VOICE_EVAL_ONLY: only } : {}),
      },
    },
  );
  try {
    return JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // No report: the run itself failed (it did not build, a lane did not start).
    process.stdout.write(output);
    console.log(`✖ the evaluation did not run with the clock at ${moment} (exit code ${code})`);
    return null;
  }
}

await ensureDependencies();
const { moments, only } = parseArguments(process.argv.slice(2));
const directory = mkdtempSync(path.join(os.tmpdir(), 'voice-eval-'));
let total = 0;
let passed = 0;
let complete = true;
try {
  for (const moment of moments) {
    const started = Date.now();
    const outcomes = await playAt(moment, only, directory);
    if (!outcomes) {
      complete = false;
      continue;
    }
    for (const outcome of outcomes.filter((o) => !o.passed)) {
      console.log(
        `\n✖ ${outcome.scriptId} (${outcome.title}) over ${outcome.platform} against ${outcome.source}, clock at ${moment}`,
      );
      console.log(outcome.transcript.map((line) => `    ${line}`).join('\n'));
    }
    const good = outcomes.filter((o) => o.passed).length;
    console.log(
      `\nclock at ${moment}: ${good} of ${outcomes.length} conversations passed (${((good / Math.max(outcomes.length, 1)) * 100).toFixed(1)} %) in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    total += outcomes.length;
    passed += good;
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
const rate = total === 0 ? 0 : (passed / total) * 100;
console.log(`\nvoice-agent evaluation: ${passed} of ${total} passed, ${rate.toFixed(1)} %`);
// The CI step's counts (scripts/test.mjs reads "N passed" / "N failed").
console.log(`  ${passed} passed`);
if (total > passed) {
  console.log(`  ${total - passed} failed`);
}
process.exit(complete && total > 0 && passed === total ? 0 : 1);
