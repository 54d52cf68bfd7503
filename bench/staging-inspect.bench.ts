// Issue 17 point 2 "Speed": Inspect Staging Transactions (POST /api/transactions/staging/inspect) over
// one batch account of 1,000,000 staged rows answers its default page under 100 ms p95, sorted by date,
// and with a filter. Through the real app (in-process inject, so no socket) on a throwaway database of
// the PostgreSQL server on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres):
//   node --import tsx bench/staging-inspect.bench.ts
// BENCH_STAGING_ROWS changes the size, BENCH_REQUESTS the requests per case (sequential: one user's latency).
import { createSignedInUser } from '../apps/server/test/test-context';
import { loadAverage, withStagedBatch } from './staging-seed';

const ROWS = Number(process.env.BENCH_STAGING_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

await withStagedBatch(
  { name: 'staging', rows: ROWS, status: 'Needs Validation', validated: 'g % 10 = 0' },
  async (ctx, { batchAccountId, rows, seedMs }) => {
    const user = await createSignedInUser(ctx, 'Admin');
    const cases: Record<string, Record<string, unknown>> = {
      'default page (date, then file row)': {},
      'sorted by date, newest first': { sortOrder: [{ id: 'transactionDate', desc: true }] },
      'filter: one month': {
        filters: [{ id: 'transactionDate', value: { from: '2025-06-01', to: '2025-06-30' } }],
      },
      'filter: Validated? No': { filters: [{ id: 'validationStatus', value: ['No'] }] },
      'filter: possible duplicates': { filters: [{ id: 'duplicate', value: true }] },
      'filter: amount 0 to 100': { filters: [{ id: 'amount', value: { low: 0, high: 100 } }] },
      'search: description contains "payroll"': { searchTerm: 'payroll' },
      'search: a rare term ("deposit 777775", one row)': { searchTerm: 'deposit 777775' },
      'page 1000 (offset 49,950)': { pageIndex: 999 },
    };
    const results: Record<string, unknown> = {};
    for (const [name, body] of Object.entries(cases)) {
      const request = () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/transactions/staging/inspect',
          headers: user.auth,
          payload: { batchAccountIds: [batchAccountId], pageSize: 50, pageIndex: 0, ...body },
        });
      const first = await request();
      if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t = process.hrtime.bigint();
        await request();
        times.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
      times.sort((x, y) => x - y);
      const page = first.json() as { resultCount: number; totalCount: number };
      results[name] = {
        p50Ms: +percentile(times, 50).toFixed(1),
        p95Ms: +percentile(times, 95).toFixed(1),
        maxMs: +times.at(-1)!.toFixed(1),
        resultCount: page.resultCount,
        totalCount: page.totalCount,
      };
    }
    console.log(
      JSON.stringify(
        { rows, requestsPerCase: REQUESTS, seedMs, loadAverage: loadAverage(), results },
        null,
        2,
      ),
    );
  },
);
