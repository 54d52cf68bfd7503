import { MessageSchema, type Message } from '@tideline/contracts/common/errors';
import {
  MfaSetupResultSchema,
  SignInResultSchema,
  TokenResultSchema,
  type ConfirmPassword,
  type ForgotPassword,
  type MfaSetupResult,
  type MfaVerify,
  type SignIn,
  type SignInResult,
  type TokenResult,
} from '@tideline/contracts/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client';

// The identity calls of architecture.md "Identity". None of them carries a bearer token.
const anonymous = { method: 'POST', isAuthenticated: false } as const;

export async function signIn(body: SignIn): Promise<SignInResult> {
  return SignInResultSchema.parse(await apiRequest('/auth/sign-in', { ...anonymous, body }));
}

export async function setUpMfa(session: string): Promise<MfaSetupResult> {
  return MfaSetupResultSchema.parse(await apiRequest('/auth/mfa/setup', { ...anonymous, body: { session } }));
}

export async function verifyMfaSetup(body: MfaVerify): Promise<TokenResult> {
  return TokenResultSchema.parse(await apiRequest('/auth/mfa/verify-setup', { ...anonymous, body }));
}

export async function verifyMfa(body: MfaVerify): Promise<TokenResult> {
  return TokenResultSchema.parse(await apiRequest('/auth/mfa/verify', { ...anonymous, body }));
}

export async function requestPasswordReset(body: ForgotPassword): Promise<void> {
  await apiRequest('/auth/forgot-password', { ...anonymous, body });
}

export async function confirmPassword(body: ConfirmPassword): Promise<Message> {
  return MessageSchema.parse(await apiRequest('/auth/confirm-password', { ...anonymous, body }));
}

export async function signOut(): Promise<void> {
  await apiRequest('/auth/sign-out', { ...anonymous });
}
