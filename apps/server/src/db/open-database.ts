import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { drizzle, type NodePgDatabase, type NodePgPreparedQuery } from 'drizzle-orm/node-postgres';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { serializeProtocolBatches } from './pglite-batch-queue';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: query helpers take this so callers choose. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  mode: 'embedded' | 'server';
  close(): Promise<void>;
}

interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** Embedded only: keep the database in memory (tests). */
  inMemory?: boolean;
}

// Embedded mode serves every pool connection from PGlite's one session, where a statement name prepared
// by one connection is already taken for the next: prepared statements there go unnamed.
const embeddedDbs = new WeakSet<Db>();

/**
 * The name for a hot query's `.prepare()`: on a PostgreSQL server each connection then parses and plans
 * it once; embedded, '' (unnamed: drizzle still builds the SQL only once).
 */
export function statementName(db: Db, name: string): string {
  return embeddedDbs.has(db) ? '' : name;
}

/** True for PGlite (embedded, or a URL that leads to it): one session, one transaction at a time. */
export function isEmbeddedDb(db: Db): boolean {
  return embeddedDbs.has(db);
}

// The databases openDatabase made (a transaction is not one: it runs on its own connection).
const openedDbs = new WeakSet<object>();
const preparedOfDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A hot statement of a query helper that has no service to hold it: `prepare` runs once per database, on
 * first use, with the statement's name (statementName). Given a transaction, or a database openDatabase
 * did not make, it returns null and the caller runs its query as built: a statement prepared on the
 * pool would run outside the transaction.
 */
export function preparedOnce<T>(db: DbOrTx, name: string, prepare: (db: Db, name: string) => T): T | null {
  if (!openedDbs.has(db)) return null;
  const root = db as Db;
  let statements = preparedOfDb.get(root);
  if (!statements) preparedOfDb.set(root, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, prepare(root, statementName(root, name)));
  return statements.get(name) as T;
}

/**
 * A prepared select's rows as node-postgres gives them (objects keyed by column name), without
 * Drizzle's mapping: for a hot statement whose columns are named as its fields (sql`${column}`.as(field)),
 * whose test compares its rows with the mapped query's. Every Db here runs on node-postgres (PGlite too,
 * over its socket), whose prepared queries read this way through all().
 */
export function readUnmapped<Row>(
  statement: PgPreparedQuery<PreparedQueryConfig>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  return (statement as unknown as NodePgPreparedQuery<PreparedQueryConfig>).all(values) as Promise<Row[]>;
}

// PostgreSQL answers numeric as text; bigint (int8) fits the JS number range for our counters and ids.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Both modes speak the PostgreSQL wire protocol through node-postgres: in embedded mode PGlite is served
 * on a loopback socket (pglite-socket's multiplexer, made batch-aware in pglite-batch-queue.ts), so the
 * domain code, Drizzle and pg-boss run the same way on both. Not COPY FROM STDIN: over the socket it loses the protocol's
 * synchronisation, so bulk loads use large multi-row INSERTs on PGlite and may use COPY on PostgreSQL.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = createPool(options.databaseUrl, options.poolSize ?? 10);
    const db = drizzle(pool, { schema });
    // A URL may lead to PGlite too (the tests' shared in-memory database, or a pglite-socket someone
    // runs): its connections share one session, so its statements go unnamed as in embedded mode.
    if (await isPglite(pool)) embeddedDbs.add(db);
    openedDbs.add(db);
    return {
      db,
      pool,
      url: options.databaseUrl,
      mode: 'server',
      close: () => pool.end(),
    };
  }
  const embedded = await startEmbeddedPostgres(options);
  const pool = createPool(embedded.url, Math.min(options.poolSize ?? 8, 8));
  const db = drizzle(pool, { schema });
  embeddedDbs.add(db);
  openedDbs.add(db);
  return {
    db,
    pool,
    url: embedded.url,
    mode: 'embedded',
    async close() {
      await pool.end();
      await embedded.stop();
    },
  };
}

async function isPglite(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ version: string }>('select version()');
  return rows[0]?.version.includes('PGlite') ?? false;
}

// A connection the database does not accept within this long fails the request (503) instead of
// leaving it waiting: a server behind a dead network answers nothing at all.
const CONNECT_TIMEOUT_MS = 10_000;

function createPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Which process holds a connection, in pg_stat_activity: an operator (or the fault suite) can
    // tell a worker's long COPY from a server's promotion, and which pid it is.
    application_name: process.env.PGAPPNAME ?? `tideline ${process.pid}`,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor one checked out: pg-pool listens on idle clients only, and a connection cut while a
  // transaction holds it (between two queries, or under a COPY: 'write EPIPE') is an 'error' event
  // with no listener, which ends the process (issue 40 point 1). The query in flight, or the next one,
  // fails with the error instead, and the pool drops the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export async function startEmbeddedPostgres(options: { dataDir: string; inMemory?: boolean }) {
  const { PGlite } = await import('@electric-sql/pglite');
  // Extensions the migrations create (the account + trigram index on transaction descriptions);
  // PostgreSQL ships them in contrib, PGlite loads them only when registered here.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  let dataPath = 'memory://';
  if (!options.inMemory) {
    dataPath = path.join(options.dataDir, 'pgdata');
    await mkdir(dataPath, { recursive: true });
  }
  const pglite = await PGlite.create(dataPath, { extensions: { pg_trgm, btree_gin } });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 32 });
  serializeProtocolBatches(server);
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pglite.close();
    },
  };
}
