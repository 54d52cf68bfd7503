import cluster from 'node:cluster';
import { buildLogger } from './platform/logger';
import { loadConfig } from './platform/config';
import { openConfiguredDatabase, prepareDatabase } from './db/prepare-database';
import { superviseServers } from './platform/server-processes';

// config -> database -> app -> listen (architecture.md "Repository layout"). With SERVER_PROCESSES > 1
// (PostgreSQL only) this process prepares the database, then starts that many servers sharing the port
// and serves nothing itself (serve.ts, loaded only by a serving process).
const config = loadConfig();
const log = buildLogger(config);

if (config.SERVER_PROCESSES > 1 && config.databaseMode === 'embedded')
  log.warn('SERVER_PROCESSES is ignored without DATABASE_URL: the embedded database lives in one process');

if (cluster.isPrimary && config.serverProcesses > 1) {
  const database = await openConfiguredDatabase(config);
  await prepareDatabase(database);
  await database.close();
  await superviseServers(config.serverProcesses, log);
} else {
  const { serve } = await import('./serve');
  await serve(config, log, cluster.isWorker);
}
