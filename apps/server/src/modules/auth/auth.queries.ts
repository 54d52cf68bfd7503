import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { authCodes, refreshTokens, signInFailures, users } from '../../db/schema';

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

export async function countRecentFailures(
  db: DbOrTx,
  scope: 'account' | 'address',
  key: string,
  since: Date,
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.scope, scope), eq(signInFailures.key, key), gt(signInFailures.failedAt, since)),
    );
  return row?.n ?? 0;
}

export async function recordFailure(db: DbOrTx, accountKey: string, address: string) {
  await db.insert(signInFailures).values([
    { scope: 'account', key: accountKey },
    { scope: 'address', key: address },
  ]);
}

export async function clearAccountFailures(db: DbOrTx, accountKey: string) {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.scope, 'account'), eq(signInFailures.key, accountKey)));
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

/** Marks the code used and returns it only if it was unused and unexpired: single use even under races. */
export async function consumeAuthCode(db: DbOrTx, codeHash: string) {
  const [row] = await db
    .update(authCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(authCodes.codeHash, codeHash), isNull(authCodes.usedAt), gt(authCodes.expiresAt, new Date())),
    )
    .returning();
  return row ?? null;
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

export async function findRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
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
}

export async function bumpTokenVersion(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.userId, userId));
}
