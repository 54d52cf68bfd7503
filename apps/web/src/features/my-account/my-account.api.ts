import {
  TokenResultSchema,
  type ChangePassword,
  type TokenResult,
} from '@tideline/contracts/auth/auth.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  ExceptionDigestSchema,
  type ExceptionDigest,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import { LoggedUserSchema, type LoggedUser, type ProfileBody } from '@tideline/contracts/users/users.schemas';
import { apiRequest } from '../../lib/api-client';

/** PUT /api/users/profile/{id} (platform.md 7): the fields plus oldEmail and id; answers the app user. */
export async function updateProfile(profile: ProfileBody['user']): Promise<LoggedUser & { msg?: string }> {
  const answer = await apiRequest(`/users/profile/${profile.id}`, { method: 'PUT', body: { user: profile } });
  const msg = MessageSchema.safeParse(answer);
  return { ...LoggedUserSchema.parse(answer), msg: msg.success ? msg.data.msg : undefined };
}

/** POST /api/auth/change-password: the session goes on with the fresh tokens it answers. */
export async function changePassword(body: ChangePassword): Promise<TokenResult & { msg?: string }> {
  const answer = await apiRequest('/auth/change-password', { method: 'POST', body });
  const msg = MessageSchema.safeParse(answer);
  return { ...TokenResultSchema.parse(answer), msg: msg.success ? msg.data.msg : undefined };
}

/** POST /api/auth/mfa/reset: one's own MFA (platform.md 2.7); every session ends on the server. */
export async function resetOwnMfa(): Promise<void> {
  await apiRequest('/auth/mfa/reset', { method: 'POST' });
}

/** GET /api/exceptions/digest: whether the user's daily exceptions digest is on (issue 43 point 5). */
export async function fetchExceptionDigest(): Promise<ExceptionDigest> {
  return ExceptionDigestSchema.parse(await apiRequest('/exceptions/digest'));
}

/** PUT /api/exceptions/digest: turns one's own daily digest on or off; answers the saved setting. */
export async function saveExceptionDigest(body: ExceptionDigest): Promise<ExceptionDigest> {
  return ExceptionDigestSchema.parse(await apiRequest('/exceptions/digest', { method: 'PUT', body }));
}
