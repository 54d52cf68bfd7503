import type { Config } from '../platform/config';
import { findEmbeddedFolderInUse } from './embedded-folder';
import { migrateDatabase } from './migrate';
import { openDatabase, type Database } from './open-database';

/**
 * The migrated database a CLI command works on, or null (with the reason printed) while a running
 * server holds the embedded folder: PGlite does not lock it, and two writers would corrupt it.
 */
export async function openCommandDatabase(config: Config): Promise<Database | null> {
  const inUse = config.DATABASE_URL ? null : await findEmbeddedFolderInUse(config.dataDir);
  if (inUse) {
    console.error(inUse);
    return null;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    await migrateDatabase(database.db);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
