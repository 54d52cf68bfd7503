// Monte Carlo on one core: 10,000 paths x 1,260 business days on 3 years of history.
// Run: node --import tsx bench/analytics-monte-carlo.bench.ts
// BOOTSTRAP=stationary (or seasonal) measures one method; the default, auto, is seasonal on this history.
import { loadavg } from 'node:os';
import { runMonteCarlo, type BootstrapChoice } from '@tideline/analytics';
import { makeAccounts } from './analytics-fixtures';

const accounts = makeAccounts({ accounts: 5, from: '2021-07-01', to: '2024-06-28', perDay: 2, seed: 11 });
const input = {
  accounts,
  endDate: '2024-06-28',
  numberOfYears: 3,
  today: '2024-07-01',
  seed: 20_240_628,
  paths: 10_000,
  bootstrap: (process.env.BOOTSTRAP ?? 'auto') as BootstrapChoice,
};

const loadBefore = loadavg().map((load) => Math.round(load * 100) / 100);
const rssBefore = process.memoryUsage().rss;
const timings: number[] = [];
let checksum = 0;
let bootstrap = '';
for (let run = 0; run < 6; run += 1) {
  const started = performance.now();
  const result = runMonteCarlo(input);
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(result.error.message);
  checksum = result.value.monteResult.rawOutput.year5;
  bootstrap = result.value.bootstrap;
  // The first run warms up the JIT; it is reported separately.
  timings.push(elapsed);
}
const [first, ...rest] = timings;
rest.sort((a, b) => a - b);
const peakRssMb = process.resourceUsage().maxRSS / 1024;
console.log(
  JSON.stringify(
    {
      bench: 'monte-carlo 10,000 paths x 1,260 days, 3 years history, 1 thread',
      bootstrap,
      loadAverageBefore: loadBefore,
      firstRunMs: Math.round(first ?? 0),
      medianMs: Math.round(rest[Math.floor(rest.length / 2)] ?? 0),
      minMs: Math.round(rest[0] ?? 0),
      maxMs: Math.round(rest[rest.length - 1] ?? 0),
      rssBeforeMb: Math.round(rssBefore / 1048576),
      peakRssMb: Math.round(peakRssMb),
      year5: checksum,
    },
    null,
    2,
  ),
);
