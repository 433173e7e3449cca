import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import local from './eslint-rules/index.js';

const root = path.dirname(fileURLToPath(import.meta.url));
const foldersIn = (relative) =>
  readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Read from the tree, so a new feature or module is covered without editing this file.
const CONSOLE = './apps/console/src';
const features = foldersIn(`${CONSOLE}/features`);
const GATEWAY = './apps/gateway/src';
const modules = foldersIn(`${GATEWAY}/modules`);

const apps = foldersIn('./apps');
/**
 * The files an app's package.json exports: its public entry points, the only files code outside
 * the app may import (resolved under the source condition, as lint and the tests resolve them).
 */
const publicEntriesOf = (app) => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'apps', app, 'package.json'), 'utf8'));
  const targets = Object.values(manifest.exports ?? {}).map((target) =>
    typeof target === 'string' ? target : target['@ehr-gateway/source'],
  );
  return targets.filter((target) => typeof target === 'string');
};

/** Import boundaries, by resolved path: a relative import across a boundary fails like any other. */
const boundaries = [
  // Packages sit below every app and tool.
  {
    target: './packages',
    from: ['./apps', './bench', './e2e'],
    message: 'A package must not import an app (or bench/e2e); shared code belongs in packages/.',
  },
  // The console reaches the gateway over HTTP; the names both sides share live in packages/contracts.
  ...apps
    .filter((app) => app !== 'console')
    .map((app) => ({
      target: CONSOLE,
      from: `./apps/${app}`,
      message: `The console must not import ${app} source; share names through packages/contracts.`,
    })),
  // Apps, benchmarks and end-to-end tests use an app only through its public entry points.
  ...apps.map((app) => ({
    target: [
      ...apps.filter((other) => other !== app).map((other) => `./apps/${other}`),
      './bench',
      './e2e',
    ],
    from: `./apps/${app}`,
    except: publicEntriesOf(app),
    message: `Use ${app} only through its public entry points (the exports of apps/${app}/package.json).`,
  })),

  // Console: features never import each other; routes in src/app compose them.
  ...features.map((feature) => ({
    target: `${CONSOLE}/features/${feature}`,
    from: `${CONSOLE}/features`,
    except: [`./${feature}`],
    message: 'Features must not import each other; compose them in src/app.',
  })),
  {
    target: `${CONSOLE}/features`,
    from: `${CONSOLE}/app`,
    message: 'Features must not import from the app layer.',
  },
  // Shared code sits below features and the app.
  ...['components', 'lib', 'test'].map((shared) => ({
    target: `${CONSOLE}/${shared}`,
    from: [`${CONSOLE}/features`, `${CONSOLE}/app`],
    message: 'Shared console code must not import features or the app layer.',
  })),
  // Gateway: a module is used by others only through its front door (index.ts), so its
  // repository, service and routes stay its own.
  ...modules.map((module) => ({
    target: `${GATEWAY}/modules/${module}`,
    from: `${GATEWAY}/modules`,
    except: [`./${module}`, ...modules.map((other) => `./${other}/index.ts`)],
    message: 'Use another module only through its front door (modules/<name>/index.ts).',
  })),
  {
    target: [
      `${GATEWAY}/app.ts`,
      `${GATEWAY}/server.ts`,
      `${GATEWAY}/plugins`,
      `${GATEWAY}/config`,
    ],
    from: `${GATEWAY}/modules`,
    except: modules.map((module) => `./${module}/index.ts`),
    message: 'The app, plugins and config use modules only through their front doors.',
  },
  {
    target: [`${GATEWAY}/lib`, `${GATEWAY}/db`],
    from: [`${GATEWAY}/modules`, `${GATEWAY}/plugins`, `${GATEWAY}/app.ts`],
    message: 'lib and db are below every module and plugin; they import none of them.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'coverage/**',
      '**/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX, local },
    settings: {
      // Read TypeScript dependencies with the TypeScript parser (no-cycle follows them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          // Listed, not globbed: the resolver globs relative to the process's directory.
          project: [
            ...foldersIn('./apps').map((app) => `apps/${app}/tsconfig.json`),
            ...foldersIn('./packages').map((pkg) => `packages/${pkg}/tsconfig.json`),
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ].map((project) => path.join(root, project)),
          conditionNames: ['@ehr-gateway/source', 'types', 'import', 'default'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'Focused tests hide the rest of the suite.',
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // import-x/no-cycle skips type-only imports; this follows them too.
      'local/no-type-import-cycle': [
        'error',
        {
          aliases: {
            '@/': { under: path.join(root, 'apps/console'), to: path.join(root, CONSOLE) },
          },
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
    },
  },
  // Units a person can hold in their head, in production source (tests, test helpers and generated
  // files are exempt): no function over 80 lines of its own (nested functions are measured on their
  // own), no React component over 250, no file over 400 lines of code (blank lines and comments do
  // not count: documenting a unit must never push it over).
  {
    files: ['apps/*/src/**/*.{ts,tsx,js,mjs}', 'packages/*/src/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/*.gen.ts', '**/generated/**'],
    rules: {
      'local/max-function-lines': ['error', { max: 80, componentMax: 250 }],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  // Rules that need type information, on every TypeScript file of the repo.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
