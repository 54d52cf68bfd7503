import { ClientOptionSchema, type ClientOption } from '@tideline/contracts/clients/clients.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  ClientAssociationSchema,
  RoleOptionSchema,
  UserSchema,
  type ClientAssociation,
  type RoleOption,
  type User,
  type UserInput,
} from '@tideline/contracts/users/users.schemas';
import { apiRequest } from '../../lib/api-client';

// platform.md 7 "Users" (/api/users) and the client pick list of the user form.

/** A write's answer: the server's msg (shown in the success toast) and the saved user. */
export interface UserWriteResult {
  msg?: string;
  user: User;
}

function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

function writeResultOf(answer: unknown): UserWriteResult {
  const user = answer && typeof answer === 'object' && 'user' in answer ? answer.user : undefined;
  return { msg: messageOf(answer), user: UserSchema.parse(user) };
}

export async function fetchUsers(): Promise<User[]> {
  return UserSchema.array().parse(await apiRequest('/users/all'));
}

export async function fetchRoleOptions(): Promise<RoleOption[]> {
  return RoleOptionSchema.array().parse(await apiRequest('/users/roles'));
}

export async function fetchClientAssociation(userId: number): Promise<ClientAssociation[]> {
  return ClientAssociationSchema.array().parse(await apiRequest(`/users/client-association/${userId}`));
}

export async function fetchClientOptions(): Promise<ClientOption[]> {
  return ClientOptionSchema.array().parse(await apiRequest('/clients/list'));
}

export async function createUser(user: UserInput): Promise<UserWriteResult> {
  return writeResultOf(await apiRequest('/users/add', { method: 'POST', body: { user } }));
}

export async function updateUser(userId: number, user: UserInput): Promise<UserWriteResult> {
  return writeResultOf(await apiRequest(`/users/${userId}`, { method: 'PUT', body: { user } }));
}

/** platform.md 4.6: another user's MFA, by email. */
export async function resetUserMfa(email: string): Promise<string | undefined> {
  return messageOf(await apiRequest(`/users/reset-mfa/${encodeURIComponent(email)}`, { method: 'PUT' }));
}

export async function resendInvite(email: string): Promise<string | undefined> {
  return messageOf(await apiRequest(`/users/resend-invite/${encodeURIComponent(email)}`, { method: 'POST' }));
}
