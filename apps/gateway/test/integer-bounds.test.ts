import { describe, expect, it } from 'vitest';

import { INT4_MAX, INT4_MIN, SERVICE_PATHS } from '@ehr-gateway/contracts';

import { ORIGIN, useGateway } from './helpers.js';

interface Schema {
  $ref?: string;
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [keyword: string]: unknown;
}

interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every integer a schema accepts, with where it is, following refs and combinators. */
function integersIn(schema: unknown, where: string, document: Document, seen = new Set<string>()) {
  const found: Array<{ where: string; schema: Schema }> = [];
  const visit = (node: unknown, path: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${path}[${index}]`));
      return;
    }
    if (!node || typeof node !== 'object') {
      return;
    }
    const current = node as Schema;
    if (current.$ref) {
      if (!seen.has(current.$ref)) {
        seen.add(current.$ref);
        const name = current.$ref.split('/').at(-1)!;
        visit(document.components?.schemas?.[name], path);
      }
      return;
    }
    if ([current.type].flat().includes('integer')) {
      found.push({ where: path, schema: current });
    }
    for (const [keyword, value] of Object.entries(current)) {
      if (keyword === 'properties' && value && typeof value === 'object') {
        for (const [name, property] of Object.entries(value)) {
          visit(property, `${path}.${name}`);
        }
      } else if (typeof value === 'object') {
        visit(value, path);
      }
    }
  };
  visit(schema, where);
  return found;
}

describe('integers a client sends', () => {
  const gw = useGateway({ name: 'pglite' });

  const openApi = async () =>
    (await gw.app.inject({ method: 'GET', url: SERVICE_PATHS.openApi })).json() as Document;

  it('are bounded, everywhere, within what a PostgreSQL integer column holds', async () => {
    const document = await openApi();
    const integers = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => [
        ...(operation.parameters ?? []).flatMap((parameter) =>
          integersIn(
            parameter.schema,
            `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`,
            document,
          ),
        ),
        ...Object.values(operation.requestBody?.content ?? {}).flatMap((content) =>
          integersIn(content.schema, `${method.toUpperCase()} ${path} body`, document),
        ),
      ]),
    );
    // Something to check: the walk finds the integers there are.
    expect(integers.length).toBeGreaterThan(10);
    const unbounded = integers
      .filter(({ schema }) => {
        const minimum = schema.minimum ?? schema.exclusiveMinimum;
        const maximum = schema.maximum ?? schema.exclusiveMaximum;
        return (
          minimum === undefined || maximum === undefined || minimum < INT4_MIN || maximum > INT4_MAX
        );
      })
      .map(({ where, schema }) => `${where} [${schema.minimum}, ${schema.maximum}]`);
    expect(unbounded).toEqual([]);
  });

  /** A value the parameter's schema takes: a UUID where it asks for one, else a small number. */
  const sampleValue = (schema: Schema | undefined) =>
    schema?.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : '1';

  it("past a column's range are refused with a 400 naming them, in every path and query", async () => {
    const document = await openApi();
    const checked: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const parameters = operation.parameters ?? [];
        for (const target of parameters) {
          if (![target.schema?.type].flat().includes('integer') || target.in === 'header') {
            continue;
          }
          // Every other parameter gets a value its schema takes, so only the target is wrong.
          const valueOf = (name: string) =>
            name === target.name
              ? String(INT4_MAX + 1)
              : sampleValue(parameters.find((parameter) => parameter.name === name)?.schema);
          const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => valueOf(name));
          const query = target.in === 'query' ? `?${target.name}=${INT4_MAX + 1}` : '';
          const response = await gw.app.inject({
            method: method.toUpperCase() as 'GET',
            url: `${url}${query}`,
            headers: { 'x-api-key': gw.key, cookie: gw.cookie, origin: ORIGIN },
            ...(['post', 'put', 'patch'].includes(method) ? { payload: {} } : {}),
          });
          const where = `${method.toUpperCase()} ${path} ${target.in} ${target.name}`;
          expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
          expect(response.json().message, where).toContain(target.name);
          checked.push(where);
        }
      }
    }
    expect(checked.length).toBeGreaterThan(10);
  });
});
