import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, between, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/open-database';
import { marketRateObservations } from '../../db/schema';

// The rate history is shared by every test file: this one imports days of January 1991 only.
const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let database: Database;
let workDir: string;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: inject('databaseUrl'), dataDir: '', poolSize: 1 });
  workDir = await mkdtemp(path.join(os.tmpdir(), 'import-rates-'));
});
afterAll(async () => {
  await database.db
    .delete(marketRateObservations)
    .where(between(marketRateObservations.observationDate, '1991-01-01', '1991-01-31'));
  await database.close();
});

/** `npm run cli -- import-rates FILE` as npm runs it: in apps/server, with INIT_CWD the user's folder. */
async function importRates(fileName: string, text: string) {
  await writeFile(path.join(workDir, fileName), text);
  const env = { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'silent', INIT_CWD: workDir };
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'import-rates', fileName],
      {
        cwd: serverDir,
        env,
      },
    );
    return { code: 0, stdout, stderr: '' };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const januaryRows = (seriesIds: string[]) =>
  database.db
    .select()
    .from(marketRateObservations)
    .where(
      and(
        inArray(marketRateObservations.seriesId, seriesIds),
        between(marketRateObservations.observationDate, '1991-01-01', '1991-01-31'),
      ),
    );

describe('npm run cli -- import-rates FILE', () => {
  it('imports a FRED download, skipping days without a value', async () => {
    const res = await importRates(
      'fredgraph.csv',
      'observation_date,DGS3MO,DCPN3M\n1991-01-02,6.66,7.41\n1991-01-03,6.58,\n1991-01-04,6.50,7.30\n',
    );
    expect(res).toMatchObject({ code: 0 });
    expect(res.stdout).toContain(`Imported 5 rate observations from ${path.join(workDir, 'fredgraph.csv')}.`);
    const rows = await januaryRows(['DGS3MO', 'DCPN3M']);
    expect(rows.map((r) => [r.seriesId, r.observationDate, r.value, r.source]).sort()).toEqual([
      ['DCPN3M', '1991-01-02', 7.41, 'import'],
      ['DCPN3M', '1991-01-04', 7.3, 'import'],
      ['DGS3MO', '1991-01-02', 6.66, 'import'],
      ['DGS3MO', '1991-01-03', 6.58, 'import'],
      ['DGS3MO', '1991-01-04', 6.5, 'import'],
    ]);
  });

  it('names the bad lines of a file and imports nothing from it', async () => {
    const res = await importRates(
      'bad.csv',
      'DATE,SOFR30DAYAVG\n1991-01-07,6.1\n1991-01-08,six\n01/09/1991,6.2\n1991-01-10,.\n',
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('bad.csv has 2 problem(s); nothing was imported:');
    expect(res.stderr).toContain("Line 3: 'six' is not a rate (SOFR30DAYAVG).");
    expect(res.stderr).toContain("Line 4: '01/09/1991' is not a date (YYYY-MM-DD).");
    expect(await januaryRows(['SOFR30DAYAVG'])).toEqual([]);
  });

  it('says so when the file cannot be read', async () => {
    const res = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', 'import-rates', 'missing.csv'],
      {
        cwd: serverDir,
        env: { ...process.env, DATABASE_URL: inject('databaseUrl'), INIT_CWD: workDir },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect(res).toMatchObject({ code: 1 });
    expect((res as { stderr: string }).stderr).toContain(
      `Cannot read ${path.join(workDir, 'missing.csv')}: ENOENT`,
    );
    const rows = await database.db
      .select()
      .from(marketRateObservations)
      .where(eq(marketRateObservations.observationDate, '1991-01-09'));
    expect(rows).toEqual([]);
  });
});
