import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, startEmbeddedPostgres } from '../src/db/open-database';
import { migrateDatabase } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real database per test run, migrated once: in-memory PGlite by default, or a fresh database on
 * the PostgreSQL server named by DATABASE_URL (dropped afterwards). Test files share it and keep to
 * their own rows (unique emails, names and ids).
 */
export default async function setup(project: TestProject) {
  let url: string;
  let teardown: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const name = `tideline_test_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(process.env.DATABASE_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    teardown = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const embedded = await startEmbeddedPostgres({ dataDir: '', inMemory: true });
    url = embedded.url;
    teardown = embedded.stop;
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  await migrateDatabase(database.db);
  await database.close();
  project.provide('databaseUrl', url);
  return teardown;
}
