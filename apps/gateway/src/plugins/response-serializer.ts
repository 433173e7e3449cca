import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson, { type Schema } from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerRouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * The JSON Schema of what a response schema emits, or null where zod cannot express it as one
 * (a transform, a date object): those routes keep zod's own encoder.
 */
export function outputJsonSchema(schema: unknown): Schema | null {
  if (!(schema instanceof z.ZodType)) {
    return null;
  }
  try {
    return allowUnnamedProperties(
      z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }),
    ) as Schema;
  } catch {
    return null;
  }
}

/**
 * zod drops properties an object does not name rather than refusing them, and so must the
 * serializer: it writes named properties only, but picks a union's member by validating the data,
 * where `additionalProperties: false` would reject a row that merely carries more than it shows.
 */
function allowUnnamedProperties(node: unknown): unknown {
  if (Array.isArray(node)) {
    return node.map(allowUnnamedProperties);
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!(key === 'additionalProperties' && value === false)) {
      copy[key] = allowUnnamedProperties(value);
    }
  }
  return copy;
}

/**
 * Response serialisation compiled from each route's response schema (fast-json-stringify), so an
 * answer is written in one pass without a zod parse of data the handler's types already promise.
 * The schema stays a whitelist: properties it does not name are never written, and a missing
 * required property still fails the answer rather than sending half of it.
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (
  routeSchema: SerializerRouteSchema,
) => {
  // Compiled on a route's first answer, not at start: most of a hundred routes' statuses never
  // answer in a given process, and compiling them all would add to every start-up.
  let serialize: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    if (!serialize) {
      const jsonSchema = outputJsonSchema(routeSchema.schema);
      serialize =
        jsonSchema === null
          ? zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0])
          : (fastJson(jsonSchema) as (data: unknown) => string);
    }
    return serialize(data);
  };
};
