import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/open-database';
import { createRandomCode, hashCode } from '../../platform/auth/random-codes';
import type { TokenSigner } from '../../platform/auth/token-signer';
import { unauthorized } from '../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import * as q from './auth.queries';
import type { IssuedSession } from './issued-session';
import * as sq from './sessions.queries';

export interface SessionSettings {
  refreshTokenTtlDays: number;
  sessionMaxHours: number;
}

/** What a sign-out may carry: the refresh cookie, the bearer access token, either or both. */
export interface SignOutCredentials {
  refreshToken?: string | undefined;
  accessToken?: string | undefined;
}

interface SessionUser {
  userId: number;
  tokenVersion: number;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * Sessions (issue 14 point 7): a completed sign-in opens one, keyed by its refresh-token family. Access
 * tokens name it and the access hook checks it per request, so sign-out, refresh-token reuse and the
 * revocations of password change, password reset, MFA reset and deactivation end its access tokens at
 * once; refreshing rotates tokens inside it but never past its absolute lifetime.
 */
export function createSessionsService(deps: { db: Db; signer: TokenSigner; settings: SessionSettings }) {
  const { db, signer, settings } = deps;

  /** Fresh access and refresh tokens inside an existing session; the refresh token dies with it. */
  async function issueTokens(
    tx: DbOrTx,
    user: SessionUser,
    session: { sessionId: string; expiresAt: Date },
  ): Promise<IssuedSession> {
    const refreshToken = createRandomCode();
    const ttlEnd = Date.now() + settings.refreshTokenTtlDays * 86_400_000;
    await q.insertRefreshToken(tx, {
      userId: user.userId,
      familyId: session.sessionId,
      tokenHash: hashCode(refreshToken),
      expiresAt: new Date(Math.min(ttlEnd, session.expiresAt.getTime())),
    });
    const accessToken = await signer.signAccessToken({
      userId: user.userId,
      tokenVersion: user.tokenVersion,
      sessionId: session.sessionId,
    });
    return { accessToken, expiresIn: signer.accessTtlSeconds, refreshToken, sessionId: session.sessionId };
  }

  /** Every session and refresh token of the user ends now, but `except` (the caller's own session). */
  async function revokeUserSessions(tx: DbOrTx, userId: number, except?: string) {
    await sq.revokeUserSessions(tx, userId, except);
    await q.revokeUserRefreshTokens(tx, userId);
  }

  /**
   * Ends the sign-in a refresh token belongs to: every refresh token of its family and the session, so
   * its access tokens stop at once. The actor is the token's owner (these routes have no current user).
   */
  async function endSession(
    token: { familyId: string; userId: number; email: string },
    ctx: AuditContext,
    action: 'auth.sign-out' | 'auth.session.reuse-detected',
  ) {
    await db.transaction(async (tx) => {
      await q.revokeRefreshFamily(tx, token.familyId);
      if (await sq.revokeSession(tx, token.familyId, token.userId))
        await writeAudit(
          tx,
          { ...ctx, userId: token.userId, actorEmail: token.email },
          { action, entity: 'session', entityId: token.familyId },
        );
    });
  }

  return {
    issueTokens,
    revokeUserSessions,

    async startSession(tx: DbOrTx, user: SessionUser): Promise<IssuedSession> {
      const session = {
        sessionId: randomUUID(),
        expiresAt: new Date(Date.now() + settings.sessionMaxHours * 3_600_000),
      };
      await sq.insertSession(tx, { ...session, userId: user.userId });
      return issueTokens(tx, user, session);
    },

    /** The caller's session if it is still live: change-password continues it rather than opening one. */
    async findLiveSession(tx: DbOrTx, sessionId: string) {
      const session = await sq.findLiveSession(tx, sessionId);
      if (!session) throw unauthorized();
      return session;
    },

    async refresh(refreshToken: string | undefined, ctx: AuditContext): Promise<IssuedSession> {
      if (!refreshToken) throw unauthorized();
      const row = await q.findRefreshToken(db, hashCode(refreshToken));
      if (!row || row.revokedAt || row.expiresAt < new Date()) throw unauthorized();
      if (row.rotatedAt) {
        // A rotated token came back: it was copied. The whole sign-in ends, its access tokens included.
        await endSession(row, ctx, 'auth.session.reuse-detected');
        throw unauthorized();
      }
      return db.transaction(async (tx) => {
        const session = await sq.findLiveSession(tx, row.familyId);
        const user = await q.findUserById(tx, row.userId);
        if (!session || !user || user.status !== 1 || !(await q.markRefreshTokenRotated(tx, row.tokenId)))
          throw unauthorized();
        return issueTokens(tx, user, session);
      });
    },

    /**
     * Public route, no current user: ends the session of the refresh cookie and the one the access token
     * names (a client that holds only its bearer token), each once. The actor is the owner of each.
     */
    async signOut(credentials: SignOutCredentials, ctx: AuditContext) {
      const { refreshToken, accessToken } = credentials;
      const row = refreshToken ? await q.findRefreshToken(db, hashCode(refreshToken)) : null;
      if (row) await endSession(row, ctx, 'auth.sign-out');
      // A verified signature: only a token this server issued names a session here.
      const claims = accessToken ? await signer.readAccessToken(accessToken) : null;
      if (!claims || claims.sessionId === row?.familyId) return;
      const user = await q.findUserById(db, claims.userId);
      if (!user) return;
      await endSession(
        { familyId: claims.sessionId, userId: user.userId, email: user.email },
        ctx,
        'auth.sign-out',
      );
    },
  };
}
