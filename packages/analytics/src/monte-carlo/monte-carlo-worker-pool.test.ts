import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { makeBusinessDayAccount } from '../../test/make-history';
import { createMonteCarloWorkerPool, runMonteCarloInWorkers } from './monte-carlo-worker-pool';
import type { MonteCarloInput } from './prepare-monte-carlo';
import { runMonteCarlo } from './run-monte-carlo';

const account = makeBusinessDayAccount({
  from: '2022-06-01',
  to: '2024-06-28',
  endBalance: 2_000_000,
  // A repeating mix of inflows and outflows, so every quantile depends on which paths were drawn.
  amountOn: (_day, index) => ((index * 7919) % 13) * 1_000 - 6_500 + (index % 5) * 17.31,
});
const input: MonteCarloInput = {
  accounts: [account],
  endDate: '2024-06-28',
  numberOfYears: 2,
  today: '2024-07-01',
  seed: 20_240_628,
  paths: 1_000,
};

function expectOk<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

// Starting a worker registers tsx and loads the modules: about half a second each, more under load.
describe('runMonteCarloInWorkers', { timeout: 60_000 }, () => {
  it('gives the one-thread answer to the last digit with 2 workers', async () => {
    const single = expectOk(runMonteCarlo(input));
    const split = expectOk(await runMonteCarloInWorkers(input, { threads: 2 }));
    expect(split).toEqual(single);
    // The default is the seasonal mean with resampled residuals (the stationary one is checked below);
    // with 2 years it also simulates each year left out, on the workers too.
    expect(single.bootstrap).toBe('seasonal-mean');
    expect(single.leaveOneYearOut.map((run) => run.leftOutYear)).toEqual([1, 2]);
    // The comparison is not vacuous: the paths spread, so the 5-year quantile sits well below B0.
    expect(single.monteResult.rawOutput.year5).toBeLessThan(single.startBalance);
    expect(single.chart[60]?.upperBalance).toBeGreaterThan(single.chart[60]?.lowerBalance ?? Infinity);
  });

  it('returns bad input as an error without starting a worker', async () => {
    await expect(runMonteCarloInWorkers({ ...input, accounts: [] }, { threads: 2 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'NO_ACCOUNTS' },
    });
    await expect(runMonteCarloInWorkers(input, { threads: 0 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT', field: 'threads' },
    });
    await expect(createMonteCarloWorkerPool({ threads: 1.5 })).resolves.toMatchObject({ ok: false });
  });

  it('keeps its workers across runs, splits uneven path counts and matches every run', async () => {
    const pool = expectOk(await createMonteCarloWorkerPool({ threads: 3 }));
    try {
      const slices: { firstPath: number; pathCount: number }[] = [];
      const odd = { ...input, paths: 301, seed: 7 };
      const first = expectOk(
        await pool.run(odd, { onSlice: ({ firstPath, pathCount }) => slices.push({ firstPath, pathCount }) }),
      );
      expect(first).toEqual(expectOk(runMonteCarlo(odd)));
      // The history and its two leave-one-year-out histories, each in the same three slices.
      const thirds = [
        { firstPath: 0, pathCount: 101 },
        { firstPath: 101, pathCount: 100 },
        { firstPath: 201, pathCount: 100 },
      ];
      expect(slices.sort((a, b) => a.firstPath - b.firstPath)).toEqual(
        thirds.flatMap((slice) => [slice, slice, slice]),
      );
      const other = { ...input, seed: 8, cushion: 25_000 };
      expect(expectOk(await pool.run(other))).toEqual(expectOk(runMonteCarlo(other)));
      const stationary = { ...odd, bootstrap: 'stationary' as const };
      const stationaryResult = expectOk(await pool.run(stationary));
      expect(stationaryResult).toEqual(expectOk(runMonteCarlo(stationary)));
      expect(stationaryResult.bootstrap).toBe('stationary');
      await expect(pool.run({ ...input, numberOfYears: 0 })).resolves.toMatchObject({ ok: false });
    } finally {
      await pool.close();
    }
    await expect(pool.run(input)).rejects.toThrow('closed');
  });

  it('works when the caller itself runs under node --import tsx (as the server does)', async () => {
    const moduleUrl = new URL('./monte-carlo-worker-pool.ts', import.meta.url).href;
    const historyUrl = new URL('../../test/make-history.ts', import.meta.url).href;
    const script = `
      const { runMonteCarloInWorkers } = await import(${JSON.stringify(moduleUrl)});
      const { makeBusinessDayAccount } = await import(${JSON.stringify(historyUrl)});
      const account = makeBusinessDayAccount({
        from: '2022-06-01', to: '2024-06-28', endBalance: 2_000_000,
        amountOn: (_day, index) => ((index * 7919) % 13) * 1_000 - 6_500 + (index % 5) * 17.31,
      });
      const input = ${JSON.stringify({ ...input, accounts: undefined })};
      const result = await runMonteCarloInWorkers({ ...input, accounts: [account] }, { threads: 2 });
      process.stdout.write(JSON.stringify(result));
    `;
    const directory = await mkdtemp(join(tmpdir(), 'monte-carlo-tsx-'));
    try {
      const file = join(directory, 'run.mts');
      await writeFile(file, script);
      const root = fileURLToPath(new URL('../../../..', import.meta.url));
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
        cwd: root,
        timeout: 55_000,
      });
      expect(JSON.parse(stdout)).toEqual({ ok: true, value: expectOk(runMonteCarlo(input)) });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('imports a compiled (.js) worker as it is, without registering tsx', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'monte-carlo-js-'));
    try {
      // The entry tries to load a TypeScript file: that only works if someone registered tsx.
      await writeFile(join(directory, 'probe.ts'), 'export const probe: string = "ts";\n');
      const entry = join(directory, 'entry.mjs');
      await writeFile(
        entry,
        [
          "import { parentPort } from 'node:worker_threads';",
          "const loaded = await import('./probe.ts').then(() => 'tsx', (error) => error.code);",
          'parentPort.postMessage(loaded);',
        ].join('\n'),
      );
      const worker = new Worker(new URL('./monte-carlo-worker-bootstrap.mjs', import.meta.url), {
        workerData: { entry: pathToFileURL(entry).href },
      });
      const message = await new Promise((resolve, reject) =>
        worker.once('message', resolve).once('error', reject),
      );
      await worker.terminate();
      expect(message).toBe('ERR_UNKNOWN_FILE_EXTENSION');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
