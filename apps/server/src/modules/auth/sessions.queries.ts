import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { sessions, usedMfaSessions } from '../../db/schema';
import { evictCachedAccess } from '../../platform/access/current-user-cache';

export async function insertSession(
  db: DbOrTx,
  values: { sessionId: string; userId: number; expiresAt: Date },
) {
  await db.insert(sessions).values(values);
}

/** The session if it is neither revoked nor past its absolute lifetime. */
export async function findLiveSession(db: DbOrTx, sessionId: string) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())),
    );
  return row ?? null;
}

/** Ends one session of the user; true when it was not already ended (so its ending is audited once). */
export async function revokeSession(db: DbOrTx, sessionId: string, userId: number) {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.sessionId, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  for (const row of rows) evictCachedAccess(row.userId);
  return rows.length === 1;
}

/** Ends every session of the user, but the one named in `except` (a password change keeps its own). */
export async function revokeUserSessions(db: DbOrTx, userId: number, except?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        except ? ne(sessions.sessionId, except) : undefined,
      ),
    );
  evictCachedAccess(userId);
}

export async function isMfaSessionUsed(db: DbOrTx, jti: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(usedMfaSessions)
    .where(eq(usedMfaSessions.jti, jti));
  return (row?.n ?? 0) > 0;
}

/**
 * Records the sign-in session token as used; false when another request already used it (the primary key
 * decides, so this holds across API processes). Sweeps the records of tokens that have expired anyway.
 */
export async function consumeMfaSession(db: DbOrTx, jti: string, expiresAt: Date) {
  await db.delete(usedMfaSessions).where(lt(usedMfaSessions.expiresAt, new Date()));
  const rows = await db
    .insert(usedMfaSessions)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: usedMfaSessions.jti });
  return rows.length === 1;
}
