// `npm run admin -- <command>`: the operator's commands, run against the gateway's own database
// (or through the running gateway, when it has the embedded database open).
import { spawn } from 'node:child_process';
import path from 'node:path';

import { buildChanged } from './build-changed.mjs';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
await buildChanged();

const cli = spawn(
  process.execPath,
  [path.join(root, 'apps/gateway/dist/operator/admin-cli.js'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
