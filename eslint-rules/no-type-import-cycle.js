import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import ts from 'typescript';

/**
 * Import cycles that pass through a type-only import. import-x/no-cycle skips type imports by
 * design, yet a type-only cycle still ties two units together (neither can move or be read
 * alone), so this rule follows every relative import, type-only ones included, and reports a
 * cycle back to the file when at least one of its imports is type-only (import-x reports the rest).
 */

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx'];

/** `./x.js` names `./x.ts` in TypeScript sources; `./x` may be a file or a folder's index. */
function resolveSpecifier(fromFile, specifier, aliases) {
  let base;
  if (specifier.startsWith('.')) {
    base = path.resolve(path.dirname(fromFile), specifier);
  } else {
    const alias = Object.entries(aliases).find(
      ([prefix, { under }]) => specifier.startsWith(prefix) && fromFile.startsWith(under),
    );
    if (!alias) {
      return null;
    }
    base = path.join(alias[1].to, specifier.slice(alias[0].length));
  }
  const stem = base.replace(/\.(js|jsx|mjs)$/, '');
  for (const candidate of [base, ...EXTENSIONS.map((extension) => stem + extension)]) {
    if (/\.(ts|tsx|js|mjs)$/.test(candidate) && existsSync(candidate)) {
      return candidate;
    }
  }
  return null;
}

function isTypeOnly(statement) {
  if (ts.isExportDeclaration(statement)) {
    return statement.isTypeOnly;
  }
  const clause = statement.importClause;
  if (!clause) {
    return false;
  }
  if (clause.isTypeOnly) {
    return true;
  }
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** Each file's imports, read once per process: [{ target, typeOnly }]. */
const edgesCache = new Map();

function edgesOf(file, aliases) {
  const cached = edgesCache.get(file);
  if (cached) {
    return cached;
  }
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const edges = [];
  for (const statement of source.statements) {
    const specifier = statement.moduleSpecifier;
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      specifier &&
      ts.isStringLiteral(specifier)
    ) {
      const target = resolveSpecifier(file, specifier.text, aliases);
      if (target) {
        edges.push({ target, typeOnly: isTypeOnly(statement) });
      }
    }
  }
  edgesCache.set(file, edges);
  return edges;
}

/** Whether `start` leads back to `home` along a path with a type-only import (or `sawType`). */
function cycleThroughType(home, start, sawType, aliases) {
  const seen = new Set();
  const queue = [[start, sawType]];
  while (queue.length > 0) {
    const [file, typed] = queue.shift();
    const key = `${typed ? 1 : 0}${file}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    for (const edge of edgesOf(file, aliases)) {
      const nextTyped = typed || edge.typeOnly;
      if (edge.target === home) {
        if (nextTyped) {
          return true;
        }
        continue;
      }
      if (!edge.target.includes(`${path.sep}node_modules${path.sep}`)) {
        queue.push([edge.target, nextTyped]);
      }
    }
  }
  return false;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse import cycles that pass through type-only imports.' },
    schema: [
      {
        type: 'object',
        properties: {
          /** `{ '@/': { under: '/abs/app', to: '/abs/app/src' } }`: path aliases and where they hold. */
          aliases: { type: 'object' },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'This import is part of a cycle through a type-only import; move the shared type below both files.',
    },
  },
  create(context) {
    const aliases = context.options[0]?.aliases ?? {};
    const home = context.filename;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') {
        return;
      }
      const target = resolveSpecifier(home, node.source.value, aliases);
      if (!target || target === home) {
        return;
      }
      const typeOnly =
        node.importKind === 'type' ||
        node.exportKind === 'type' ||
        (node.type === 'ImportDeclaration' &&
          node.specifiers.length > 0 &&
          node.specifiers.every((specifier) => specifier.importKind === 'type'));
      if (cycleThroughType(home, target, typeOnly, aliases)) {
        context.report({ node, messageId: 'cycle' });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
