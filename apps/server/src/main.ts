import { buildLogger } from './platform/logger';
import { loadConfig } from './platform/config';
import { recordServedUrl } from './platform/link-base';
import { openDatabase } from './db/open-database';
import { migrateDatabase } from './db/migrate';
import { createPlatform } from './platform/create-platform';
import { buildApp } from './app';
import { defineJobs } from './jobs';
import { createAdmin, hasAnyUser, seedDefaultRoles } from './modules/users/users.service';
import { loadRateSnapshotIfEmpty } from './modules/market-rates/load-rate-snapshot';

// config -> database -> app -> listen (architecture.md "Repository layout").
const config = loadConfig();
const log = buildLogger(config);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  poolSize: config.DATABASE_POOL_SIZE,
});
await migrateDatabase(database.db);
await seedDefaultRoles(database.db);
// An offline install still shows the rate ticker: an empty rate history gets the shipped snapshot.
await loadRateSnapshotIfEmpty(database.db);
const platform = await createPlatform(config, database, log);
const app = await buildApp(platform, { loggerInstance: log });
defineJobs(platform);
await platform.jobs.start({ work: config.jobsInProcess });
await app.listen({ port: config.PORT, host: config.HOST });
// Commands run later (seed-demo) print their links on this address (issue 20 point 9).
await recordServedUrl(config.dataDir, config.publicUrl).catch((err: unknown) =>
  log.warn({ err }, 'could not note the public URL in DATA_DIR'),
);
log.info(
  `Tideline is running at ${config.publicUrl} (database: ${database.mode}${database.mode === 'embedded' ? `, data in ${config.dataDir}` : ''})`,
);

if (!(await hasAnyUser(database.db))) {
  const { link } = await createAdmin(
    { db: database.db, auth: platform.auth },
    { email: config.ADMIN_EMAIL, firstName: 'Admin', lastName: 'User' },
  );
  log.info(`No users yet. Set the first administrator's password (${config.ADMIN_EMAIL}) here: ${link}`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info(`${signal}: shutting down`);
  await app.close();
  // Mails answered requests promised (password changed, reset links) go out before the process ends.
  await platform.auth.settleMail();
  await platform.jobs.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
