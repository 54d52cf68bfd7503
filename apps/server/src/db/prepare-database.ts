import type { Config } from '../platform/config';
import { openDatabase, type Database } from './open-database';
import { migrateDatabase } from './migrate';
import { seedDefaultRoles } from '../modules/users/users.service';
import { loadRateSnapshotIfEmpty } from '../modules/market-rates/load-rate-snapshot';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else the embedded one. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
}

/** What runs once per start, before any request: the schema, the default roles, the rate snapshot. */
export async function prepareDatabase(database: Database) {
  await migrateDatabase(database.db);
  await seedDefaultRoles(database.db);
  // An offline install still shows the rate ticker: an empty rate history gets the shipped snapshot.
  await loadRateSnapshotIfEmpty(database.db);
}
