import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// The import resolver reads tsconfig include globs relative to the process's directory, as it
// does when `npm run check` runs ESLint from the repo root.
const testDirectory = process.cwd();
beforeAll(() => process.chdir(repoRoot));
afterAll(() => process.chdir(testDirectory));

/** The repo's own lint config, without type information (the files below do not exist). */
const boundaryLint = new ESLint({
  cwd: repoRoot,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  ],
});

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await boundaryLint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';

// Each zone of eslint.config.js, crossed on purpose, and the door it leaves open.
describe('npm run check enforces the import boundaries', () => {
  it.each([
    [
      'a console feature importing another feature, relatively',
      'apps/console/src/features/api-keys/components/probe.tsx',
      "import { presetsFor } from '../../endpoints/lib/presets';\nexport const x = presetsFor;\n",
    ],
    [
      'a console feature importing another feature, by alias',
      'apps/console/src/features/request-logs/components/probe.tsx',
      "import { useApiKeys } from '@/features/api-keys/api/get-api-keys';\nexport const x = useApiKeys;\n",
    ],
    [
      'a console feature importing the app layer',
      'apps/console/src/features/api-keys/components/probe.tsx',
      "import { routes } from '@/app/router';\nexport const x = routes;\n",
    ],
    [
      'a shared console component importing a feature',
      'apps/console/src/components/probe.tsx',
      "import { useApiKeys } from '@/features/api-keys/api/get-api-keys';\nexport const x = useApiKeys;\n",
    ],
    [
      'a gateway module reaching into another module',
      'apps/gateway/src/modules/aggregation/probe.ts',
      "import { createEhrService } from '../ehr/ehr-service.js';\nexport const x = createEhrService;\n",
    ],
    [
      "a gateway module using another module's repository",
      'apps/gateway/src/modules/request-logs/probe.ts',
      "import { createApiKeysRepository } from '../api-keys/api-keys-repository.js';\nexport const x = createApiKeysRepository;\n",
    ],
    [
      'a plugin importing module internals',
      'apps/gateway/src/plugins/probe.ts',
      "import { createApiKeysService } from '../modules/api-keys/api-keys-service.js';\nexport const x = createApiKeysService;\n",
    ],
    [
      'app.ts importing a module internal',
      'apps/gateway/src/app.ts',
      "import { registerEhrRoutes } from './modules/ehr/ehr-routes.js';\nexport const x = registerEhrRoutes;\n",
    ],
    [
      'lib importing a module',
      'apps/gateway/src/lib/probe.ts',
      "import { createEhrModule } from '../modules/ehr/index.js';\nexport const x = createEhrModule;\n",
    ],
    [
      'a package importing an app by its package name',
      'packages/contracts/src/probe.ts',
      "import { createGateway } from '@ehr-gateway/gateway';\nexport const x = createGateway;\n",
    ],
    [
      'a package importing app source by a relative path',
      'packages/synthetic-practice/src/probe.ts',
      "import { AthenaReply } from '../../../apps/athena-sandbox/src/errors.js';\nexport const x = AthenaReply;\n",
    ],
    [
      'console code importing gateway source',
      'apps/console/src/lib/probe.ts',
      "import { HttpError } from '../../../gateway/src/lib/http-errors.js';\nexport const x = HttpError;\n",
    ],
    [
      "console code importing the gateway's public entry",
      'apps/console/src/features/metrics/api/probe.ts',
      "import { createGateway } from '@ehr-gateway/gateway';\nexport const x = createGateway;\n",
    ],
    [
      'a benchmark reaching into gateway internals',
      'bench/probe.ts',
      "import { openStorage } from '../apps/gateway/src/db/database.js';\nexport const x = openStorage;\n",
    ],
    [
      'an e2e test reaching into console internals',
      'e2e/tests/probe.spec.ts',
      "import { presetsFor } from '../../apps/console/src/features/endpoints/lib/presets';\nexport const x = presetsFor;\n",
    ],
    [
      'an e2e helper reaching into gateway internals',
      'e2e/support/probe.ts',
      "import { HEADERS } from '../../apps/gateway/src/app.js';\nexport const x = HEADERS;\n",
    ],
    [
      "one app reaching into another's internals",
      'apps/fhir-sandbox/src/probe.ts',
      "import { createGateway } from '../../gateway/src/app.js';\nexport const x = createGateway;\n",
    ],
  ])('refuses %s', async (_case, filePath, code) => {
    expect(await rulesBroken(filePath, code)).toContain(RESTRICTED);
  });

  it.each([
    [
      'a console feature using shared code',
      'apps/console/src/features/api-keys/components/probe.tsx',
      "import { cn } from '@/lib/utils';\nexport const x = cn;\n",
    ],
    [
      "a gateway module using another module's front door",
      'apps/gateway/src/modules/aggregation/probe.ts',
      "import { createEhrModule } from '../ehr/index.js';\nexport const x = createEhrModule;\n",
    ],
    [
      'a module using its own repository',
      'apps/gateway/src/modules/api-keys/probe.ts',
      "import { createApiKeysRepository } from './api-keys-repository.js';\nexport const x = createApiKeysRepository;\n",
    ],
    [
      "a benchmark using the gateway's public entry",
      'bench/probe.ts',
      "import { openStorage } from '@ehr-gateway/gateway';\nexport const x = openStorage;\n",
    ],
    [
      "an e2e test using the console's public entry",
      'e2e/tests/probe.spec.ts',
      "import { presetsFor } from '@ehr-gateway/console/presets';\nexport const x = presetsFor;\n",
    ],
  ])('allows %s', async (_case, filePath, code) => {
    expect(await rulesBroken(filePath, code)).toEqual([]);
  });
});

/** A function of exactly `lines` lines, its body all its own. */
const functionOf = (name: string, lines: number) => [
  `export function ${name}() {`,
  ...Array.from({ length: lines - 2 }, () => '  count += 1;'),
  '}',
];
const moduleWith = (...body: string[]) => ['export let count = 0;', ...body, ''].join('\n');
/** A React component of exactly `lines` lines. */
const componentOf = (lines: number) =>
  moduleWith(
    'export function Probe() {',
    ...Array.from({ length: lines - 3 }, () => '  count += 1;'),
    '  return <p>{count}</p>;',
    '}',
  );

describe('npm run check keeps units small enough to hold in your head', () => {
  const FUNCTION = 'local/max-function-lines';
  it('refuses a function of 81 lines and accepts one of 80', async () => {
    const file = 'apps/gateway/src/modules/aggregation/probe.ts';
    expect(await rulesBroken(file, moduleWith(...functionOf('probe', 81)))).toEqual([FUNCTION]);
    expect(await rulesBroken(file, moduleWith(...functionOf('probe', 80)))).toEqual([]);
  });

  it('refuses a React component of 251 lines and accepts one of 250', async () => {
    const file = 'apps/console/src/components/probe.tsx';
    expect(await rulesBroken(file, componentOf(251))).toEqual([FUNCTION]);
    expect(await rulesBroken(file, componentOf(250))).toEqual([]);
  });

  it('gives a plain function in a .tsx file the function limit, not the component one', async () => {
    const file = 'apps/console/src/components/probe.tsx';
    expect(await rulesBroken(file, moduleWith(...functionOf('probe', 81)))).toEqual([FUNCTION]);
  });

  it('refuses a production file of 401 lines of code and accepts one of 400', async () => {
    const file = 'packages/contracts/src/probe.ts';
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`);
    expect(await rulesBroken(file, lines(401).join('\n') + '\n')).toEqual(['max-lines']);
    expect(await rulesBroken(file, lines(400).join('\n') + '\n')).toEqual([]);
  });

  it('leaves tests to their own size', async () => {
    const code = moduleWith(...functionOf('probe', 120));
    expect(await rulesBroken('apps/gateway/src/modules/aggregation/probe.test.ts', code)).toEqual(
      [],
    );
    expect(await rulesBroken('apps/gateway/test/probe.ts', code)).toEqual([]);
  });
});

describe('npm run check refuses cycles and unhandled promises', () => {
  // The fixtures are real files (cycles and types need them); the repo's lint ignores them.
  const fixtureLint = new ESLint({ cwd: repoRoot, ignore: false });
  const fixture = (name: string) => path.join(repoRoot, 'apps/gateway/test/lint-fixtures', name);

  // The cycle rule resolves every module the fixture reaches: 7 s on a quiet 2-core machine, past
  // the default 30 s when it is shared with other builds.
  it('finds an import cycle', { timeout: 120_000 }, async () => {
    const [result] = await fixtureLint.lintFiles([fixture('cycle-a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('finds a cycle made of type-only imports', async () => {
    const [result] = await fixtureLint.lintFiles([fixture('type-cycle-a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toContain('local/no-type-import-cycle');
  });

  it('finds a promise left unhandled and a switch that misses a case', async () => {
    const [result] = await fixtureLint.lintFiles([fixture('unawaited.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toEqual(
      expect.arrayContaining([
        '@typescript-eslint/no-floating-promises',
        '@typescript-eslint/switch-exhaustiveness-check',
      ]),
    );
  });
});
