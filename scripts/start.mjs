// `npm start`: install what is missing, build, and serve console + gateway on the embedded defaults.
import { spawn } from 'node:child_process';
import path from 'node:path';

import { buildChanged } from './build-changed.mjs';
import { ensureDependencies, root } from './lib.mjs';

await ensureDependencies();
await buildChanged();

const port = process.env.PORT ?? '8080';
console.log(`› Starting the gateway on http://localhost:${port}`);
const server = spawn(process.execPath, [path.join(root, 'apps/gateway/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
