import { MessageSchema } from '@tideline/contracts/common/errors';
import { RoleSchema, type Role, type RoleInput } from '@tideline/contracts/roles/roles.schemas';
import { apiRequest } from '../../lib/api-client';

// Ours (issue 3): /api/roles, the roles an administrator edits.

function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

export async function fetchRoles(): Promise<Role[]> {
  return RoleSchema.array().parse(await apiRequest('/roles'));
}

export async function createRole(role: RoleInput): Promise<string | undefined> {
  return messageOf(await apiRequest('/roles', { method: 'POST', body: { role } }));
}

export async function updateRole(roleId: number, role: RoleInput): Promise<string | undefined> {
  return messageOf(await apiRequest(`/roles/${roleId}`, { method: 'PUT', body: { role } }));
}
