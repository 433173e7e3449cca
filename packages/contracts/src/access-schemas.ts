import { z } from 'zod';

import { PERMISSIONS, ROLES } from './permissions.js';

/** The schemas of the names in permissions.ts, for the API's bodies and answers. */
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export type Permission = keyof typeof PERMISSIONS;
export const Permission = z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]]);
