import { z } from 'zod';

/** Error body used by every route: Fastify's shape plus an optional machine code and details. */
export const ErrorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  details: z
    .array(
      z.object({
        field: z.string(),
        message: z.string(),
      }),
    )
    .optional(),
  /** Facts the caller needs to recover, e.g. the id of a patient created before a later step failed. */
  context: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const IsoDateTime = z.string().max(40);

/** The range of a PostgreSQL `integer` column: a client's integer outside it is a 400, never a 500. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/**
 * A positive `integer` column id (serial ids, tenant and location ids), from a path, query or
 * body (text that is a number is taken as that number).
 */
export const Int4IdText = z.coerce.number().int().positive().max(INT4_MAX);

export const Uuid = z.uuid();

export const IdParams = z.strictObject({ id: Uuid });
export type IdParams = z.infer<typeof IdParams>;
