import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordSchema,
  ConfirmPasswordSchema,
  ForgotPasswordSchema,
  MessageSchema,
  MfaSessionSchema,
  MfaSetupResultSchema,
  MfaVerifySchema,
  MSG,
  SignInResultSchema,
  SignInSchema,
  TokenResultSchema,
  USER_MSG,
} from '@tideline/contracts';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { AuthService } from './auth.service';
import type { IssuedSession } from './issued-session';

const REFRESH_COOKIE = 'tideline_refresh';
const identity = { public: true, reason: 'identity' } as const;

// architecture.md "Identity": exactly this endpoint table.
export function authRoutes(deps: {
  auth: AuthService;
  secureCookies: boolean;
  refreshTtlDays: number;
}): FastifyPluginAsyncZod {
  const { auth } = deps;
  // Clearing a cookie sets it again, empty: it keeps these attributes so no weaker copy is ever sent.
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.secureCookies,
    path: '/api/auth',
  } as const;

  function sendSession(reply: FastifyReply, session: IssuedSession) {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieOptions,
      maxAge: deps.refreshTtlDays * 86_400,
    });
    return { accessToken: session.accessToken, expiresIn: session.expiresIn };
  }

  const refreshCookieOf = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];
  const bearerTokenOf = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    return header.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
  };

  return async (app) => {
    app.post(
      '/sign-in',
      { config: { access: identity }, schema: { body: SignInSchema, response: { 200: SignInResultSchema } } },
      (req) => auth.signIn(req.body, auditContextOf(req)),
    );

    app.post(
      '/mfa/setup',
      {
        config: { access: identity },
        schema: { body: MfaSessionSchema, response: { 200: MfaSetupResultSchema } },
      },
      (req) => auth.setupMfa(req.body.session, auditContextOf(req)),
    );

    app.post(
      '/mfa/verify-setup',
      {
        config: { access: identity },
        schema: { body: MfaVerifySchema, response: { 200: TokenResultSchema } },
      },
      async (req, reply) =>
        sendSession(reply, await auth.verifyMfaSetup(req.body.session, req.body.code, auditContextOf(req))),
    );

    app.post(
      '/mfa/verify',
      {
        config: { access: identity },
        schema: { body: MfaVerifySchema, response: { 200: TokenResultSchema } },
      },
      async (req, reply) =>
        sendSession(reply, await auth.verifyMfa(req.body.session, req.body.code, auditContextOf(req))),
    );

    app.post(
      '/refresh',
      { config: { access: identity }, schema: { response: { 200: TokenResultSchema } } },
      async (req, reply) => sendSession(reply, await auth.refresh(refreshCookieOf(req), auditContextOf(req))),
    );

    app.post(
      '/sign-out',
      { config: { access: identity }, schema: { response: { 200: MessageSchema } } },
      async (req, reply) => {
        // Public, as the access token may have expired: each credential sent (cookie, bearer) ends its session.
        const credentials = { refreshToken: refreshCookieOf(req), accessToken: bearerTokenOf(req) };
        await auth.signOut(credentials, auditContextOf(req));
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        return { msg: 'Signed out.' };
      },
    );

    app.post(
      '/forgot-password',
      {
        config: { access: identity },
        schema: { body: ForgotPasswordSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await auth.forgotPassword(req.body.email, auditContextOf(req));
        return { msg: MSG.forgotPasswordSent };
      },
    );

    app.post(
      '/confirm-password',
      {
        config: { access: identity },
        schema: { body: ConfirmPasswordSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await auth.confirmPassword(req.body, auditContextOf(req));
        return { msg: MSG.passwordSet };
      },
    );

    // The one identity call that needs a signed-in user: the access hook authenticates it.
    app.post(
      '/change-password',
      {
        config: { access: { permissions: [] } },
        schema: {
          body: ChangePasswordSchema,
          response: { 200: TokenResultSchema.extend({ msg: MessageSchema.shape.msg }) },
        },
      },
      async (req, reply) => {
        const session = await auth.changePassword(req.currentUser!, req.body, auditContextOf(req));
        return { msg: MSG.passwordUpdated, ...sendSession(reply, session) };
      },
    );

    // My Account (platform.md 2.7): reset one's own MFA; every session ends, enrolment comes at next sign-in.
    app.post(
      '/mfa/reset',
      { config: { access: { permissions: [] } }, schema: { response: { 200: MessageSchema } } },
      async (req, reply) => {
        await auth.resetOwnMfa(req.currentUser!.userId, auditContextOf(req));
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        return { msg: USER_MSG.mfaResetSuccessful };
      },
    );
  };
}
