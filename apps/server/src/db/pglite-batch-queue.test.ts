import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './open-database';

// Embedded mode (npm start): many connections share one PGlite session through pglite-socket. Requests
// running side by side, some inside transactions, must each get their own rows.

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let pool: pg.Pool;

beforeAll(async () => {
  embedded = await startEmbeddedPostgres({ dataDir: '', inMemory: true });
  pool = new pg.Pool({ connectionString: embedded.url, max: 8 });
}, 60_000);
afterAll(async () => {
  await pool.end();
  await embedded.stop();
});

/** Each statement's text and parameter name the request, so a crossed answer shows. */
async function ask(i: number): Promise<{ n: number; k: number } | undefined> {
  const sql = `select $1::int as n, ${i} as k`;
  if (i % 3 !== 0) return (await pool.query<{ n: number; k: number }>(sql, [i])).rows[0];
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ n: number; k: number }>(sql, [i]);
    await client.query('commit');
    return rows[0];
  } finally {
    client.release();
  }
}

describe('embedded PostgreSQL shared by concurrent connections', () => {
  it('answers every parameterised query with its own rows, with transactions running beside them', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => ask(i)));
    const crossed = outcomes.flatMap((o, i) =>
      o.status === 'rejected'
        ? [`${i}: ${String(o.reason)}`]
        : o.value?.n === i && o.value.k === i
          ? []
          : [`${i}: ${JSON.stringify(o.value)}`],
    );
    expect(crossed).toEqual([]);
  }, 60_000);

  it('gives the turn back when a connection goes away in the middle of a transaction', async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    await client.query('begin');
    await client.query('select $1::int as n', [1]);
    await client.end();
    const { rows } = await pool.query<{ n: number }>('select $1::int as n', [7]);
    expect(rows[0]!.n).toBe(7);
  });
});
