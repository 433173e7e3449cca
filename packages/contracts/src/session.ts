import { z } from 'zod';

export const LoginBody = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SessionUser = z.object({
  username: z.string(),
  displayName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({
  user: SessionUser,
});
export type SessionResponse = z.infer<typeof SessionResponse>;
