import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { compiledSerializerCompiler, outputJsonSchema } from './response-serializer.js';

const compile = (schema: unknown) =>
  compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const Patient = z.object({
  id: z.string(),
  name: z.string(),
  dob: z.string().nullable(),
  tags: z.array(z.string()).optional(),
  extra: z.record(z.string(), z.number()).optional(),
});

describe('compiledSerializerCompiler', () => {
  it('writes only what the schema names, nested and in arrays', () => {
    const serialize = compile(z.object({ items: z.array(Patient), total: z.number().int() }));
    const json = serialize({
      items: [{ id: '1', name: 'A', dob: null, ssn: '123-45-6789', extra: { visits: 2 } }],
      total: 1,
      internal: 'secret',
    });
    expect(JSON.parse(json)).toEqual({
      items: [{ id: '1', name: 'A', dob: null, extra: { visits: 2 } }],
      total: 1,
    });
    expect(json).not.toContain('123-45-6789');
    expect(json).not.toContain('secret');
  });

  it('chooses the union member that matches', () => {
    const serialize = compile(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('slot'), start: z.string() }),
        z.object({ kind: z.literal('error'), message: z.string() }),
      ]),
    );
    expect(JSON.parse(serialize({ kind: 'error', message: 'Taken', start: 'x' }))).toEqual({
      kind: 'error',
      message: 'Taken',
    });
  });

  it('refuses an answer that lacks a required property', () => {
    const serialize = compile(Patient);
    expect(() => serialize({ id: '1', dob: null })).toThrow(/name/);
  });

  it('keeps the same bytes JSON.stringify would write for conforming data', () => {
    const data = { id: 'p"1', name: 'Zoë \u2028 line', dob: '2001-02-03', tags: ['a', 'b'] };
    expect(compile(Patient)(data)).toBe(JSON.stringify(data));
  });

  it('falls back to zod where a schema has no JSON Schema form (a date object)', () => {
    const schema = z.object({ at: z.date() });
    expect(outputJsonSchema(schema)).toBeNull();
    expect(JSON.parse(compile(schema)({ at: new Date(Date.UTC(2026, 0, 2)) }))).toEqual({
      at: '2026-01-02T00:00:00.000Z',
    });
  });
});
