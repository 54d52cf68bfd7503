import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { migrateDatabase } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { loadConfig } from '../src/platform/config';
import { createPlatform } from '../src/platform/create-platform';
import { buildLogger } from '../src/platform/logger';
import { seedDefaultRoles } from '../src/modules/users/users.service';
import type { TestContext } from './test-context';

// The app a test (or a bench, outside vitest: nothing here imports it) talks to: the real app and
// platform on a real database, with a DATA_DIR of its own (outbox, files) and `env` on top.

export async function openTestApp(
  databaseUrl: string,
  env: Record<string, string>,
  options: { migrate: boolean; webDist?: string },
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tideline.test',
    ...env,
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4 });
  if (options.migrate) await migrateDatabase(database.db);
  await seedDefaultRoles(database.db);
  const platform = await createPlatform(config, database, buildLogger(config));
  const app = await buildApp(platform, {
    logger: false,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  await app.ready();
  return {
    app,
    platform,
    database,
    dataDir,
    async close() {
      await app.close();
      await platform.jobs.stop();
      await database.close();
    },
  };
}
