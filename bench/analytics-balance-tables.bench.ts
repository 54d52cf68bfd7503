// Balance tables for 40 accounts x 3 years of daily transactions.
// Run: node --import tsx bench/analytics-balance-tables.bench.ts
import { buildBalanceTables } from '@tideline/analytics';
import { makeAccounts } from './analytics-fixtures';

const accounts = makeAccounts({ accounts: 40, from: '2021-07-01', to: '2024-06-30', perDay: 3, seed: 5 });
const transactionCount = accounts.reduce((sum, account) => sum + account.transactions.length, 0);
const timings: number[] = [];
let rows = 0;
for (let run = 0; run < 8; run += 1) {
  const started = performance.now();
  const result = buildBalanceTables({ accounts, dataUntil: '2024-06-30' });
  timings.push(performance.now() - started);
  if (!result.ok) throw new Error(result.error.message);
  rows =
    result.value.accounts.reduce((sum, account) => sum + account.daily.length, 0) +
    result.value.group.daily.length;
}
const [first, ...rest] = timings;
rest.sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      bench: 'balance tables, 40 accounts x 3 years, 3 transactions per account per day',
      transactions: transactionCount,
      dailyRows: rows,
      firstRunMs: Math.round(first ?? 0),
      medianMs: Math.round(rest[Math.floor(rest.length / 2)] ?? 0),
      minMs: Math.round(rest[0] ?? 0),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    },
    null,
    2,
  ),
);
