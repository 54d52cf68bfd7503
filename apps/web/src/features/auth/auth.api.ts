import type { Message } from '@tideline/contracts/common/errors';
import type {
  ConfirmPassword,
  ForgotPassword,
  MfaSetupResult,
  MfaVerify,
  SignIn,
  SignInResult,
  TokenResult,
} from '@tideline/contracts/auth/auth.schemas';
import { apiRequest } from '../../lib/api-client';

// The identity calls of architecture.md "Identity". None of them carries a bearer token.
const anonymous = { method: 'POST', isAuthenticated: false } as const;

// The answer schemas load beside the call, not with the sign-in form: Zod stays out of the sign-in
// route's first load (bench/web-bundle.bench.ts).
const authSchemas = () => import('@tideline/contracts/auth/auth.schemas');
const errorSchemas = () => import('@tideline/contracts/common/errors');

interface AnswerSchema<T> {
  parse: (answer: unknown) => T;
}

async function post<T>(path: string, body: unknown, loadSchema: () => Promise<AnswerSchema<T>>): Promise<T> {
  const [schema, answer] = await Promise.all([loadSchema(), apiRequest(path, { ...anonymous, body })]);
  return schema.parse(answer);
}

export function signIn(body: SignIn): Promise<SignInResult> {
  return post('/auth/sign-in', body, async () => (await authSchemas()).SignInResultSchema);
}

export function setUpMfa(session: string): Promise<MfaSetupResult> {
  return post('/auth/mfa/setup', { session }, async () => (await authSchemas()).MfaSetupResultSchema);
}

export function verifyMfaSetup(body: MfaVerify): Promise<TokenResult> {
  return post('/auth/mfa/verify-setup', body, async () => (await authSchemas()).TokenResultSchema);
}

export function verifyMfa(body: MfaVerify): Promise<TokenResult> {
  return post('/auth/mfa/verify', body, async () => (await authSchemas()).TokenResultSchema);
}

export async function requestPasswordReset(body: ForgotPassword): Promise<void> {
  await apiRequest('/auth/forgot-password', { ...anonymous, body });
}

export function confirmPassword(body: ConfirmPassword): Promise<Message> {
  return post('/auth/confirm-password', body, async () => (await errorSchemas()).MessageSchema);
}

export async function signOut(): Promise<void> {
  await apiRequest('/auth/sign-out', { ...anonymous });
}
