import { LoggedUserSchema, type LoggedUser } from '@tideline/contracts/users/logged-user.schemas';
import { apiRequest } from './api-client';

export const loggedUserQueryKey = ['users', 'logged-user'] as const;

/** GET /api/users/logged-user: the app user of platform.md 3. */
export async function fetchLoggedUser(): Promise<LoggedUser> {
  return LoggedUserSchema.parse(await apiRequest('/users/logged-user'));
}
