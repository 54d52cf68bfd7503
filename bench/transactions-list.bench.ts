// Issue 4 "Measure": the account Transactions list (page 50, newest first, with a description search)
// over 10 million transactions, through the API and as SQL alone. Needs a PostgreSQL server:
//   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/transactions-list.bench.ts
// It creates its own database (dropped at the end), loads the rows with COPY, builds the indexes of the
// migrations, then times sequential requests against the in-process server. BENCH_TX_ROWS changes the size.
// The SQL alone is each request's statements replayed after the API pass, in the same order (so shared
// buffers churn as they did for the API): timed by EXPLAIN, and sent from a client as the server sends
// them, the reading the API's time to its answer's last byte is judged against. Every other request is
// timed through `fetch` with its answer parsed, the bench's reading before 2026-11-29.
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { generate } from 'otplib';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { openDatabase } from '../apps/server/src/db/open-database';
import { accounts, bankClientRelationships, banks, clients } from '../apps/server/src/db/schema';
import { findRoleByName, insertUser } from '../apps/server/src/modules/users/users.queries';
import { seedDefaultRoles } from '../apps/server/src/modules/users/users.service';
import { loadConfig } from '../apps/server/src/platform/config';
import { createPlatform } from '../apps/server/src/platform/create-platform';
import { buildLogger } from '../apps/server/src/platform/logger';
import { loadTransactions } from './transactions-load';

const TOTAL_ROWS = Number(process.env.BENCH_TX_ROWS ?? 10_000_000);
const ACCOUNTS = 40;
const CLIENTS = 6;
const REQUESTS = Number(process.env.BENCH_TX_REQUESTS ?? 200);
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `tideline_bench_tx_${Date.now().toString(36)}`;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
const started = Date.now();
const log = (msg: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${msg}`);

try {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-bench-tx-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 4 });
  await migrateDatabase(database.db);
  await seedDefaultRoles(database.db);
  const db = database.db;

  // The demo shape: 6 clients, 8 banks, 40 accounts spread over them.
  const clientIds = (
    await db
      .insert(clients)
      .values(Array.from({ length: CLIENTS }, (_, i) => ({ clientName: `Bench County ${i + 1}` })))
      .returning({ id: clients.clientId })
  ).map((r) => r.id);
  const bankIds = (
    await db
      .insert(banks)
      .values(Array.from({ length: 8 }, (_, i) => ({ bankName: `Bench Bank ${i + 1}`, assetSize: '900' })))
      .returning({ id: banks.bankId })
  ).map((r) => r.id);
  await db
    .insert(bankClientRelationships)
    .values(clientIds.flatMap((clientId) => bankIds.map((bankId) => ({ clientId, bankId }))));
  const accountRows = await db
    .insert(accounts)
    .values(
      Array.from({ length: ACCOUNTS }, (_, i) => ({
        clientId: clientIds[i % CLIENTS]!,
        bankId: bankIds[i % bankIds.length]!,
        accountName: `Account ${i + 1}`,
        accountNumber: `${100000 + i}`,
        accountAlias: `A${i + 1}`,
        accountType: 'Transaction',
        accountCategory: 'Operating',
        accountBalanceDate: '2023-01-01',
      })),
    )
    .returning({ accountId: accounts.accountId, clientId: accounts.clientId });

  await loadTransactions({ databaseUrl, accounts: accountRows, totalRows: TOTAL_ROWS, log });

  const platform = await createPlatform(config, database, buildLogger(config));
  const app = await buildApp(platform, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  // An Admin signed in through the real flow (password + TOTP enrolment).
  const password = 'Bench-Password-2026!';
  const email = `bench.${Date.now()}@example.com`;
  const role = await findRoleByName(db, 'Admin');
  await insertUser(db, {
    email,
    firstName: 'Bench',
    lastName: 'User',
    roleId: role!.roleId,
    passwordHash: await platform.hasher.hashPassword(password),
  });
  const postJson = async (p: string, body: unknown, headers: Record<string, string> = {}) =>
    (
      await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Record<string, string>>;
  const { session } = await postJson('/api/auth/sign-in', { email, password });
  const { secretCode } = await postJson('/api/auth/mfa/setup', { session });
  const { accessToken } = await postJson('/api/auth/mfa/verify-setup', {
    session,
    code: await generate({ secret: secretCode! }),
  });
  const auth = { authorization: `Bearer ${accessToken}` };

  // Capture the SQL each request runs on the transactions table, to time it alone with EXPLAIN ANALYZE.
  let captured: { text: string; values: unknown[]; name?: string | undefined }[] | null = null;
  const pool = database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const originalQuery = pool.query.bind(pool);
  pool.query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string; values?: unknown[]; name?: string };
    const text = typeof q === 'string' ? q : q.text;
    const values = ((typeof q === 'string' ? undefined : q.values) ?? args[1]) as unknown[] | undefined;
    if (captured && /from "(transactions|account_transaction_counts)"/.test(text))
      captured.push({ text, values: values ?? [], name: typeof q === 'string' ? undefined : q.name });
    return originalQuery(...args);
  };

  // Scenarios: the mix of terms, a common and a rare term alone, no search, and a two-letter
  // term (no trigram to use, so every row of the account is read).
  const scenarios: { name: string; terms: string[] }[] = [
    {
      name: "mix 'tax', 'payroll', 'wire transfer', 'interest', 'grant'",
      terms: ['tax', 'payroll', 'wire transfer', 'interest', 'grant'],
    },
    { name: "common term 'tax' (~19% of rows)", terms: ['tax'] },
    { name: "rare term 'grant' (~6% of rows)", terms: ['grant'] },
    { name: 'no search', terms: [''] },
    { name: "two-letter term 'ta'", terms: ['ta'] },
  ];
  const requestOf = (terms: string[], i: number) => ({
    accountId: accountRows[i % ACCOUNTS]!.accountId,
    body: {
      pageSize: 50,
      pageIndex: 0,
      searchTerm: terms[i % terms.length],
      sortOrder: [{ id: 'transactionDate', desc: true }],
      filters: [],
    },
  });
  type Answer = { results: unknown[]; resultCount: number; totalCount: number };
  const checked = (status: number, json: Answer) => {
    if (status !== 200 || json.results.length !== 50) throw new Error(`unexpected answer ${status}`);
    return json;
  };
  /** The old reading: `fetch`, its answer decompressed and parsed inside the time. */
  const callThroughFetch = async (terms: string[], i: number) => {
    const { accountId, body } = requestOf(terms, i);
    const t = performance.now();
    const res = await fetch(`${base}/api/transactions/account/${accountId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(body),
    });
    const json = checked(res.status, (await res.json()) as Answer);
    return { ms: performance.now() - t, json };
  };
  // The API's own time: request sent to the answer's last byte received, over a kept-alive connection,
  // as autocannon times the paged-list bench. The client's brotli decoding and JSON parsing of the
  // answer come after the time, as the SQL readings leave out what a caller then does with the rows.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const callToLastByte = (terms: string[], i: number) => {
    const { accountId, body } = requestOf(terms, i);
    const payload = JSON.stringify(body);
    return new Promise<{ ms: number; json: Answer }>((resolve, reject) => {
      const t = performance.now();
      const req = http.request(
        `${base}/api/transactions/account/${accountId}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'accept-encoding': 'br',
            ...auth,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - t;
            const raw = Buffer.concat(chunks);
            const text = (
              res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw
            ).toString();
            try {
              resolve({ ms, json: checked(res.statusCode ?? 0, JSON.parse(text) as Answer) });
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  // Requests take turns between the two readings, so that both see the same churn of shared buffers.
  const call = (terms: string[], i: number) =>
    i % 2 === 0 ? callToLastByte(terms, i) : callThroughFetch(terms, i);
  const explainClient = new pg.Client({ connectionString: databaseUrl });
  await explainClient.connect();
  explainClient.on('error', () => undefined);
  type Statement = { text: string; values: unknown[]; name?: string | undefined };
  /** Planning + execution time of one request's statements, and the blocks read into shared buffers. */
  const explainSet = async (statements: Statement[]) => {
    let ms = 0;
    let reads = 0;
    for (const s of statements) {
      const { rows } = await explainClient.query(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.text}`,
        s.values,
      );
      const plan = (
        rows[0] as {
          'QUERY PLAN': {
            'Execution Time': number;
            'Planning Time': number;
            Plan: { 'Shared Read Blocks': number };
          }[];
        }
      )['QUERY PLAN'][0]!;
      ms += plan['Execution Time'] + plan['Planning Time'];
      reads += plan.Plan['Shared Read Blocks'];
    }
    return { ms, reads };
  };
  /** The statements sent from a client as the server sends them (prepared ones by name): round trips and rows included. */
  const sendSet = async (statements: Statement[]) => {
    const t = performance.now();
    for (const s of statements)
      await explainClient.query({ name: s.name, text: s.text, values: s.values, rowMode: 'array' });
    return performance.now() - t;
  };
  // Two readings of the SQL alone per scenario:
  // - "after": each request's statements right after the API answered them, as this bench first did. The
  //   API's run has just brought the account's pages into shared buffers, so this run reads none from
  //   outside them (the table is 15x shared_buffers, and 40 accounts take turns);
  // - "replayed": all the requests' statements again, alone, in the same order as the API pass, so their
  //   shared buffers churn as the API's did;
  // and a third, "sent": the replayed statements sent again from a client, timed there, so the round
  // trips and the rows' transfer count as they do for the server (EXPLAIN's times leave them out). This
  // is the one the API's own time (to the last byte) is judged against: both are a client's request to
  // its answer.
  const measured: {
    name: string;
    lastByteMs: number[];
    fetchMs: number[];
    sqlMs: number[];
    afterMs: number[];
    sentMs: number[];
    reads: { after: number; replayed: number };
    sample: string;
  }[] = [];
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
  for (const scenario of scenarios) {
    for (let i = 0; i < 20; i++) await call(scenario.terms, i);
    const lastByteMs: number[] = [];
    const fetchMs: number[] = [];
    const afterMs: number[] = [];
    const afterReads: number[] = [];
    const sets: Statement[][] = [];
    let sample = '';
    for (let i = 0; i < REQUESTS; i++) {
      captured = [];
      const { ms, json } = await call(scenario.terms, i);
      (i % 2 === 0 ? lastByteMs : fetchMs).push(ms);
      if (i === 0) sample = `${json.resultCount} of ${json.totalCount}`;
      const statements = captured;
      captured = null;
      sets.push(statements);
      const after = await explainSet(statements);
      afterMs.push(after.ms);
      afterReads.push(after.reads);
    }
    const sqlMs: number[] = [];
    const replayedReads: number[] = [];
    for (const statements of sets) {
      const replayed = await explainSet(statements);
      sqlMs.push(replayed.ms);
      replayedReads.push(replayed.reads);
    }
    const sentMs: number[] = [];
    for (const statements of sets) sentMs.push(await sendSet(statements));
    measured.push({
      name: scenario.name,
      lastByteMs,
      fetchMs,
      sqlMs,
      afterMs,
      sentMs,
      reads: { after: mean(afterReads), replayed: mean(replayedReads) },
      sample,
    });
    log(`measured ${scenario.name}`);
  }
  const pct = (list: number[], p: number) =>
    [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)]!;
  captured = [];
  await call(['tax'], 0);
  const shown = captured as { text: string; values: unknown[] }[];
  captured = null;
  console.log('\nPlans of one request (account 1, search "tax"):');
  for (const s of shown) {
    const { rows } = await explainClient.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
    console.log(`\n${s.text}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  const { rows: sizeRows } = await explainClient.query(
    `select pg_size_pretty(pg_total_relation_size('transactions')) as total, (select count(*) from transactions)::bigint as n`,
  );
  console.log(
    `\nTransactions list, ${TOTAL_ROWS.toLocaleString('en-US')} rows, ${ACCOUNTS} accounts, ${REQUESTS} sequential requests per scenario:`,
  );
  console.log(
    `  table + indexes: ${sizeRows[0].total}, rows ${Number(sizeRows[0].n).toLocaleString('en-US')}`,
  );
  const at = (list: number[], p: number) => pct(list, p).toFixed(2);
  const ratio = (api: number[], sql: number[]) => (pct(api, 95) / pct(sql, 95)).toFixed(2);
  for (const { name, lastByteMs, fetchMs, sqlMs, afterMs, sentMs, reads, sample } of measured) {
    console.log(`  ${name} (e.g. ${sample} rows):`);
    console.log(
      `    API to the last byte (${lastByteMs.length} requests) p50 ${at(lastByteMs, 50)} ms, p95 ${at(lastByteMs, 95)} ms; SQL sent from a client p50 ${at(sentMs, 50)} ms, p95 ${at(sentMs, 95)} ms; API / SQL at p95 ${ratio(lastByteMs, sentMs)}`,
    );
    console.log(
      `    API through fetch, answer parsed (${fetchMs.length} requests) p50 ${at(fetchMs, 50)} ms, p95 ${at(fetchMs, 95)} ms (/ SQL sent ${ratio(fetchMs, sentMs)})`,
    );
    console.log(
      `    SQL replayed (EXPLAIN) p50 ${at(sqlMs, 50)} ms, p95 ${at(sqlMs, 95)} ms (API to the last byte / that ${ratio(lastByteMs, sqlMs)}, through fetch / that ${ratio(fetchMs, sqlMs)})`,
    );
    console.log(
      `    SQL right after the API p50 ${at(afterMs, 50)} ms, p95 ${at(afterMs, 95)} ms (API to the last byte / that ${ratio(lastByteMs, afterMs)}); blocks read into shared buffers per request: after ${reads.after.toFixed(0)}, replayed ${reads.replayed.toFixed(0)}`,
    );
  }
  console.log(`  load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  await explainClient.end();
  agent.destroy();
  await app.close();
  await platform.jobs.stop();
  await database.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
