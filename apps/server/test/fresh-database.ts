import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/open-database';

/**
 * A database of the test file's own, for what needs an empty one (seed-demo refuses a database with
 * clients, and the run's shared test database has them): a temporary database on the DATABASE_URL
 * server, else a fresh in-memory PGlite. Not migrated; drop() removes it.
 */
export async function createFreshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    return startEmbeddedPostgres({ dataDir: '', inMemory: true }).then((e) => ({ url: e.url, drop: e.stop }));
  const name = `tideline_demo_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
