import { z } from 'zod';

export const ValidateDobQuery = z.strictObject({
  dob: z.string().trim().min(1).max(40),
});

export const DobValidation = z.object({
  input: z.string(),
  valid: z.boolean(),
  /** YYYY-MM-DD, when valid. */
  isoDate: z.string().nullable(),
  /** MM/DD/YYYY, the athenahealth wire format, when valid. */
  athenaDate: z.string().nullable(),
  age: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type DobValidation = z.infer<typeof DobValidation>;

export const DatetimeQuery = z.strictObject({
  format: z.string().trim().min(1).max(100).optional(),
});

export const DatetimeInfo = z.object({
  iso: z.string(),
  athenaDate: z.string(),
  athenaTime: z.string(),
  epochMs: z.number().int(),
  timezone: z.string(),
  format: z.string().nullable(),
  formatted: z.string().nullable(),
});
export type DatetimeInfo = z.infer<typeof DatetimeInfo>;

export const CorsCheck = z.object({
  origin: z.string().nullable(),
  /** Whether a browser page on `origin` can read the gateway's answers. */
  allowed: z.boolean(),
  /** Why, in words: listed, same origin as the gateway, no Origin sent, or not listed. */
  reason: z.string(),
  allowedOrigins: z.array(z.string()),
  headers: z.record(z.string(), z.string()),
});
export type CorsCheck = z.infer<typeof CorsCheck>;

export const TestEchoBody = z.strictObject({
  message: z.string().max(2000).optional(),
  data: z.unknown().optional(),
});

export const TestEcho = z.object({
  message: z.string().nullable(),
  data: z.unknown(),
  receivedAt: z.string(),
  requestId: z.string(),
});
export type TestEcho = z.infer<typeof TestEcho>;
