import cluster from 'node:cluster';
import { buildLogger } from './platform/logger';
import { loadConfig } from './platform/config';
import { recordServedUrl } from './platform/link-base';
import { openDatabase, type Database } from './db/open-database';
import { migrateDatabase } from './db/migrate';
import { createPlatform } from './platform/create-platform';
import { serverIndex, superviseServers } from './platform/server-processes';
import { buildApp } from './app';
import { defineJobs } from './jobs';
import { createAdmin, hasAnyUser, seedDefaultRoles } from './modules/users/users.service';
import { loadRateSnapshotIfEmpty } from './modules/market-rates/load-rate-snapshot';

// config -> database -> app -> listen (architecture.md "Repository layout"). With SERVER_PROCESSES > 1
// (PostgreSQL only) this process prepares the database, then starts that many servers sharing the port.
const config = loadConfig();
const log = buildLogger(config);

function open(): Promise<Database> {
  return openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
}

/** What runs once per start, before any request: the schema, the default roles, the rate snapshot. */
async function prepareDatabase(database: Database) {
  await migrateDatabase(database.db);
  await seedDefaultRoles(database.db);
  // An offline install still shows the rate ticker: an empty rate history gets the shipped snapshot.
  await loadRateSnapshotIfEmpty(database.db);
}

/**
 * One server: the app on the port. The lead one (the only one, or index 0) also works the jobs when
 * configured to, notes the served address and prints the first-run message.
 */
async function serve(isPrepared: boolean) {
  const isLead = serverIndex() === 0;
  const database = await open();
  if (!isPrepared) await prepareDatabase(database);
  const platform = await createPlatform(config, database, log);
  const app = await buildApp(platform, { loggerInstance: log });
  defineJobs(platform);
  await platform.jobs.start({ work: config.jobsInProcess && isLead });
  await app.listen({ port: config.PORT, host: config.HOST });
  shutdownOnSignal(app, platform, database);
  if (!isLead) return;
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
}

function shutdownOnSignal(
  app: Awaited<ReturnType<typeof buildApp>>,
  platform: Awaited<ReturnType<typeof createPlatform>>,
  database: Database,
) {
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
}

if (config.SERVER_PROCESSES > 1 && config.databaseMode === 'embedded')
  log.warn('SERVER_PROCESSES is ignored without DATABASE_URL: the embedded database lives in one process');

if (cluster.isPrimary && config.serverProcesses > 1) {
  const database = await open();
  await prepareDatabase(database);
  await database.close();
  await superviseServers(config.serverProcesses, log);
} else {
  await serve(cluster.isWorker);
}
