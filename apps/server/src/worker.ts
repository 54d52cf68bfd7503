import cluster from 'node:cluster';
import { buildLogger } from './platform/logger';
import { loadConfig } from './platform/config';
import { openDatabase } from './db/open-database';
import { migrateDatabase } from './db/migrate';
import { createPlatform } from './platform/create-platform';
import { surviveDatabaseFaults } from './platform/process-faults';
import { superviseWorker } from './platform/worker-processes';
import { defineJobs } from './jobs';

// Server mode's job worker (`npm run worker`): any number may run beside the API processes. The
// process started is a supervisor that keeps one working process alive (worker-processes.ts).
const config = loadConfig();
const log = buildLogger(config);
if (!config.DATABASE_URL) {
  log.error('npm run worker needs DATABASE_URL: in embedded mode jobs run inside the server process.');
  process.exit(1);
}
if (cluster.isPrimary) {
  superviseWorker(log);
} else {
  surviveDatabaseFaults(log);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 4,
  });
  await migrateDatabase(database.db);
  const platform = await createPlatform(config, database, log);
  defineJobs(platform);
  await platform.jobs.start({ work: true });
  log.info('Worker started');
  const stop = async () => {
    await platform.jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
