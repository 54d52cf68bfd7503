import v8 from 'node:v8';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config';
import { recordServedUrl } from './platform/link-base';
import { openConfiguredDatabase, prepareDatabase } from './db/prepare-database';
import type { Database } from './db/open-database';
import { createPlatform } from './platform/create-platform';
import { serverIndex } from './platform/server-processes';
import { surviveDatabaseFaults } from './platform/process-faults';
import { buildApp } from './app';
import { defineJobs } from './jobs';
import { createAdmin, hasAnyUser } from './modules/users/users.service';

// What a serving process loads (main.ts imports it only there): the supervisor of SERVER_PROCESSES
// stays small without it.

// A full collection when the heap has grown by half over what survived the last one, not by V8's own
// factor of up to 4 for a fast-allocating process: under 200 users each server kept about 78 MB live
// but let its heap reach 260 MB first, so every process settled 250 MB above where it started. At 50%
// the same load peaks near 120 MB, for a full collection of 10-20 ms every few seconds, with no loss
// of answers a second (bench/README.md, load). Set here, before the app allocates, for each server.
const HEAP_GROWING_PERCENT = 50;

/**
 * One server: the app on the port. The lead one (the only one, or index 0) also works the jobs when
 * configured to, notes the served address and prints the first-run message.
 */
export async function serve(config: Config, log: FastifyBaseLogger, isPrepared: boolean) {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  surviveDatabaseFaults(log);
  const isLead = serverIndex() === 0;
  const database = await openConfiguredDatabase(config);
  if (!isPrepared) await prepareDatabase(database);
  const platform = await createPlatform(config, database, log);
  const app = await buildApp(platform, { loggerInstance: log });
  defineJobs(platform);
  await platform.jobs.start({ work: config.jobsInProcess && isLead });
  await app.listen({ port: config.PORT, host: config.HOST });
  shutdownOnSignal(log, app, platform, database);
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
  log: FastifyBaseLogger,
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
