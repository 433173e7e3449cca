import { z } from 'zod';

import { IsoDateTime, Uuid } from './common.js';
import { Permission, Role } from './access-schemas.js';
import { SecondFactorCode } from './second-factor.js';

export const LoginBody = z.strictObject({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  /** The authenticator app's code or a recovery code, for an account with a second factor. */
  code: SecondFactorCode.optional(),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const PASSWORD_MIN_LENGTH = 12;

/** A console password: at least 12 characters (the username inside it is refused by the server). */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200);

export const SessionUser = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: Role,
  phiAccess: z.boolean(),
  /** Everything this user may do; the console shows only what is here. */
  permissions: z.array(Permission),
  /** Signed in with a one-time password: nothing but changing it is allowed. */
  mustChangePassword: z.boolean(),
  /** Has a confirmed TOTP second factor. */
  secondFactor: z.boolean(),
  /** LOCAL_MFA=required and none yet: nothing but enrolling is allowed. */
  mustEnrolSecondFactor: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionResponse = z.object({
  user: SessionUser,
});
export type SessionResponse = z.infer<typeof SessionResponse>;

export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A signed-in browser: when, from where, with what. */
export const SessionSummary = z.object({
  id: Uuid,
  userId: Uuid,
  username: z.string(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  expiresAt: IsoDateTime,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export const SessionList = z.object({ sessions: z.array(SessionSummary) });
export type SessionList = z.infer<typeof SessionList>;

export const SessionListQuery = z.strictObject({
  /** Admins may list every user's sessions; everyone else sees their own. */
  scope: z.enum(['mine', 'all']).default('mine'),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;
