import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { authCodes, refreshTokens, signInFailures, users } from '../../db/schema';
import { evictCachedAccess } from '../../platform/access/current-user-cache';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row ?? null;
}

export async function findUserById(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.userId, userId));
  return row ?? null;
}

/** The failure counters of architecture.md "Identity"; see sign_in_failures for what each scope counts. */
export type FailureScope = 'account' | 'address' | 'mfa' | 'link';
export type FailureKeys = Partial<Record<FailureScope, string>>;

const matchesAny = (keys: FailureKeys) =>
  or(
    ...Object.entries(keys).map(([scope, key]) =>
      and(eq(signInFailures.scope, scope as FailureScope), eq(signInFailures.key, key)),
    ),
  );

/** One query for every scope asked: how many failures each key has had since `since`. */
export async function countRecentFailures(
  db: DbOrTx,
  keys: FailureKeys,
  since: Date,
): Promise<Partial<Record<FailureScope, number>>> {
  if (Object.keys(keys).length === 0) return {};
  const rows = await db
    .select({ scope: signInFailures.scope, n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(and(gt(signInFailures.failedAt, since), matchesAny(keys)))
    .groupBy(signInFailures.scope);
  return Object.fromEntries(rows.map((r) => [r.scope, r.n]));
}

export async function recordFailures(db: DbOrTx, keys: FailureKeys) {
  const rows = Object.entries(keys).map(([scope, key]) => ({ scope: scope as FailureScope, key }));
  if (rows.length) await db.insert(signInFailures).values(rows);
}

export async function clearFailures(db: DbOrTx, keys: FailureKeys) {
  if (Object.keys(keys).length) await db.delete(signInFailures).where(matchesAny(keys));
}

export async function insertAuthCode(
  db: DbOrTx,
  values: { userId: number; purpose: 'invite' | 'reset'; codeHash: string; expiresAt: Date },
) {
  await db.insert(authCodes).values(values);
}

export async function countCodesSince(db: DbOrTx, userId: number, purpose: 'invite' | 'reset', since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.purpose, purpose), gt(authCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** The code if it is unused and unexpired: a cheap look-up, so a wrong link costs no password hash. */
export async function findOpenAuthCode(db: DbOrTx, codeHash: string) {
  const [row] = await db
    .select()
    .from(authCodes)
    .where(
      and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())),
    );
  return row ?? null;
}

/** Marks the code used only if it still was unused and unexpired: single use even under races. */
export async function consumeAuthCode(db: DbOrTx, codeId: number) {
  const rows = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.codeId, codeId), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())))
    .returning({ codeId: authCodes.codeId });
  return rows.length === 1;
}

export async function voidOpenCodes(db: DbOrTx, userId: number) {
  await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(authCodes.userId, userId), isNull(authCodes.usedAt)));
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(values);
}

/** The refresh token with its user's email: the actor of a sign-out or of a detected reuse. */
export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: refreshTokens.tokenId,
      userId: refreshTokens.userId,
      familyId: refreshTokens.familyId,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      revokedAt: refreshTokens.revokedAt,
      email: users.email,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.userId, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Rotation: only one caller can move a live token to rotated; a second one gets nothing back. */
export async function markRefreshTokenRotated(db: DbOrTx, tokenId: number) {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenId, tokenId),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ tokenId: refreshTokens.tokenId });
  return rows.length === 1;
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(db: DbOrTx, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function updateUserAuth(db: DbOrTx, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.userId, userId));
  evictCachedAccess(userId);
}

export async function bumpTokenVersion(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.userId, userId));
  evictCachedAccess(userId);
}
