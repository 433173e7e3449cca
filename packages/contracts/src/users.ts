import { z } from 'zod';

import { IsoDateTime, Uuid } from './common.js';
import { Role } from './access-schemas.js';

export const Username = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'may contain letters, digits and . _ @ - only');

const DisplayName = z.string().trim().min(1, 'must not be empty').max(100);

export const UserSummary = z.object({
  id: Uuid,
  username: z.string(),
  displayName: z.string(),
  role: Role,
  phiAccess: z.boolean(),
  active: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Has a confirmed TOTP second factor (local accounts). */
  secondFactor: z.boolean(),
  createdAt: IsoDateTime,
  lastSignInAt: IsoDateTime.nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const UserList = z.object({ users: z.array(UserSummary) });
export type UserList = z.infer<typeof UserList>;

export const CreateUserBody = z.strictObject({
  username: Username,
  displayName: DisplayName,
  role: Role,
  phiAccess: z.boolean().default(false),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/** The one answer that carries the new user's one-time password. */
export const UserCreated = z.object({
  user: UserSummary,
  oneTimePassword: z.string(),
});
export type UserCreated = z.infer<typeof UserCreated>;

export const UpdateUserBody = z
  .strictObject({
    displayName: DisplayName.optional(),
    role: Role.optional(),
    phiAccess: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'name at least one of displayName, role, phiAccess, active',
  });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const PasswordReset = z.object({ oneTimePassword: z.string() });
export type PasswordReset = z.infer<typeof PasswordReset>;

export const UserIdParams = z.strictObject({ id: Uuid });
