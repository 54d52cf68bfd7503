import { z } from 'zod';
import { MSG } from '../common/messages';
import { isPermission } from '../access/permissions';

// Ours (issue 3): roles are rows holding a set of catalogue permissions; administrators edit them.
export const ROLE_MSG = {
  created: 'Role created successfully.',
  updated: 'Role updated successfully.',
  createFailed: 'Failed to create role.',
  editFailed: 'Failed to edit role.',
  nameTaken: 'A role with this name already exists.',
  notFound: 'Role not found.',
  unknownPermission: 'Unknown permission.',
  // Nobody may lock the firm out of its own role administration.
  lastRoleEditor: 'At least one active user must keep a role that can edit roles.',
  // Ours (security issue 14): nobody puts into a role a permission they do not hold.
  cannotGrantPermissions: 'You cannot give a role permissions you do not hold.',
  cannotEditRole: 'You cannot change a role that holds permissions you do not hold.',
  scopedRoleOnly: 'You can only create and edit client-scoped roles.',
  roleHeldOutsideClients: 'This role is held by users outside your clients.',
} as const;

export const RoleInputSchema = z.object({
  roleName: z.string().trim().min(1, MSG.required).max(60, 'At most 60 characters.'),
  isClientScoped: z.boolean(),
  permissions: z
    .array(z.string().refine(isPermission, ROLE_MSG.unknownPermission))
    .max(500)
    .transform((list) => [...new Set(list)]),
});
export type RoleInput = z.input<typeof RoleInputSchema>;
export const RoleBodySchema = z.object({ role: RoleInputSchema });

export const RoleSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  isClientScoped: z.boolean(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof RoleSchema>;

export const RoleIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** POST and PUT answer the message and the role as saved. */
export const RoleResultSchema = z.object({ msg: z.string(), role: RoleSchema });
export type RoleResult = z.infer<typeof RoleResultSchema>;

/**
 * Ours (issue 42 point 4): the roles holding one permission, so a screen can say who may do what the
 * user may not. Only names: any signed-in user may ask.
 */
export const RoleHoldersParamsSchema = z.object({
  permission: z.string().refine(isPermission, ROLE_MSG.unknownPermission),
});
export const RoleHoldersSchema = z.object({ permission: z.string(), roleNames: z.array(z.string()) });
export type RoleHolders = z.infer<typeof RoleHoldersSchema>;
