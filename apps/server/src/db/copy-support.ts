import { sql } from 'drizzle-orm';
import type { DbOrTx } from './open-database';

/**
 * Whether the database takes COPY FROM STDIN: PostgreSQL does; PGlite behind its socket does not (the
 * protocol loses its synchronisation), and a test run may point DATABASE_URL at either. Asked once.
 */
export function createCopySupportCheck(db: DbOrTx): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  return () => {
    answer ??= db
      .execute(sql`select version() not like '%PGlite%' as "canCopy"`)
      .then(({ rows }) => (rows[0] as { canCopy: boolean }).canCopy);
    // A failed check is asked again next time rather than remembered.
    answer.catch(() => (answer = undefined));
    return answer;
  };
}
