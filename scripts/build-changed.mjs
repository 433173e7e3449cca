// Builds only the workspaces whose inputs changed since their last build, quietly: a build's output is
// shown only when it fails. `npm run build` still builds everything (CI and releases use that).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { npm, root, runQuietly } from './lib.mjs';

/** In dependency order; `after` names the workspaces whose build output this one compiles against. */
const WORKSPACES = [
  { dir: 'packages/calendar', after: [] },
  { dir: 'packages/contracts', after: ['packages/calendar'] },
  { dir: 'packages/synthetic-practice', after: ['packages/calendar', 'packages/contracts'] },
  { dir: 'packages/fhir-mapping', after: ['packages/calendar', 'packages/contracts'] },
  { dir: 'packages/sandbox-kit', after: ['packages/synthetic-practice'] },
  {
    dir: 'apps/athena-sandbox',
    after: ['packages/calendar', 'packages/synthetic-practice', 'packages/sandbox-kit'],
  },
  {
    dir: 'apps/fhir-sandbox',
    after: [
      'packages/calendar',
      'packages/contracts',
      'packages/synthetic-practice',
      'packages/fhir-mapping',
      'packages/sandbox-kit',
    ],
  },
  { dir: 'apps/dev-idp', after: ['packages/calendar', 'packages/contracts'] },
  {
    dir: 'apps/gateway',
    after: ['packages/calendar', 'packages/contracts', 'packages/synthetic-practice'],
  },
  { dir: 'apps/console', after: ['packages/contracts'], extraInputs: ['index.html', 'public'] },
];

const SHARED_INPUTS = ['tsconfig.base.json', 'package-lock.json'];
const STAMP = '.build-inputs';
const SKIPPED = /(^|\/)(node_modules|dist)(\/|$)|\.test\.tsx?$/;

function* filesUnder(absolute) {
  if (!existsSync(absolute)) {
    return;
  }
  if (statSync(absolute).isFile()) {
    yield absolute;
    return;
  }
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const child = path.join(absolute, entry.name);
    if (SKIPPED.test(path.relative(root, child))) {
      continue;
    }
    if (entry.isDirectory()) {
      yield* filesUnder(child);
    } else {
      yield child;
    }
  }
}

/** A fingerprint of everything a build reads: file paths, sizes and contents' modification times. */
function fingerprint(workspace, upstreamFingerprints) {
  const hash = createHash('sha256');
  const topLevel = readdirSync(path.join(root, workspace.dir)).filter(
    (name) => /^(package\.json|tsconfig.*\.json|vite\.config\.ts)$/.test(name) || name === 'src',
  );
  const inputs = [
    ...SHARED_INPUTS,
    ...[...topLevel, ...(workspace.extraInputs ?? [])].map((name) =>
      path.join(workspace.dir, name),
    ),
  ];
  for (const input of inputs) {
    for (const file of filesUnder(path.join(root, input))) {
      const stat = statSync(file);
      hash.update(`${path.relative(root, file)}\0${stat.size}\0${stat.mtimeMs}\n`);
    }
  }
  for (const upstream of upstreamFingerprints) {
    hash.update(upstream);
  }
  return hash.digest('hex');
}

const stampPath = (workspace) => path.join(root, workspace.dir, 'dist', STAMP);

function lastBuilt(workspace) {
  try {
    return readFileSync(stampPath(workspace), 'utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Builds what changed; returns the names built. Exits the process, printing the failing build's
 * output, when a build fails.
 */
export async function buildChanged() {
  const fingerprints = new Map();
  const built = [];
  for (const workspace of WORKSPACES) {
    const current = fingerprint(
      workspace,
      workspace.after.map((dir) => fingerprints.get(dir)),
    );
    fingerprints.set(workspace.dir, current);
    if (lastBuilt(workspace) === current) {
      continue;
    }
    const name = path.basename(workspace.dir);
    process.stdout.write(`› Building ${name}…\n`);
    const { code, output } = await runQuietly(npm, ['run', 'build'], {
      cwd: path.join(root, workspace.dir),
    });
    if (code !== 0) {
      process.stderr.write(`${output}\n✖ Building ${name} failed (exit code ${code}).\n`);
      process.exit(code);
    }
    writeFileSync(stampPath(workspace), `${current}\n`);
    built.push(name);
  }
  return built;
}
