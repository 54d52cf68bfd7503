// The floor of an API over the paged list's SQL, for bench/paged-list.bench.ts: a bare Fastify server (no
// plugins, hooks, sign-in, access check, schema or log) whose one route runs the list's statements as the
// real server sends them, then answers either nothing of the rows (FLOOR_MODE=bare: `{ rows: n }`) or the
// page as the real server shapes it (FLOOR_MODE=answer: `{ results, resultCount, totalCount }` as JSON,
// brotli at quality 2 as the real server compresses it). Whatever the real API does beyond this is its own.
//   FLOOR_STATEMENTS='[{ "text", "values", "rowMode", "name" }]' DATABASE_URL=... PORT=... node --import tsx ...
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';

const statements = JSON.parse(process.env.FLOOR_STATEMENTS ?? '[]') as pg.QueryConfig[];
const answersRows = process.env.FLOOR_MODE === 'answer';
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.post('/api/transactions/account/:accountId', async (_request, reply) => {
  let rows: unknown[] = [];
  for (const statement of statements) rows = (await pool.query(statement)).rows;
  if (!answersRows) return { rows: rows.length };
  const json = JSON.stringify({ results: rows, resultCount: rows.length, totalCount: rows.length });
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-encoding', 'br')
    .send(brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 2 } }));
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
