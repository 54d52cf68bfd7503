import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open-database';
import { instanceSecrets } from '../../db/schema';

/**
 * AUTH_SECRET when configured; otherwise one generated on first start and kept in the database, so
 * every API process and worker of the instance signs and verifies with the same key.
 */
export async function resolveInstanceSecret(
  db: Db,
  configured: string | undefined,
  name = 'auth',
): Promise<string> {
  if (configured) return configured;
  await db
    .insert(instanceSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
  return row!.value;
}
