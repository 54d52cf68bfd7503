import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbOrTx } from '../../db/open-database';
import { countObservations, upsertObservations } from './market-rates.queries';
import { parseFredCsv } from './parse-fred-csv';
import type { RateObservation } from './rate-observation';

export const SNAPSHOT_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'snapshot/market-rates-snapshot.csv',
);

/** The shipped snapshot's observations; a broken file is a bug of the release, so it throws. */
export async function readRateSnapshot(file = SNAPSHOT_FILE): Promise<RateObservation[]> {
  const { observations, problems } = parseFredCsv(await readFile(file, 'utf8'));
  if (problems.length > 0) throw new Error(`The shipped rate snapshot is broken:\n${problems.join('\n')}`);
  return observations;
}

/**
 * On start, an empty rate history gets the shipped snapshot (source 'snapshot'), so an offline
 * install still shows the ticker; live values from a provider replace it series by series.
 * Answers how many observations it loaded (0 when the history already had some).
 */
export async function loadRateSnapshotIfEmpty(db: DbOrTx, file = SNAPSHOT_FILE): Promise<number> {
  if ((await countObservations(db)) > 0) return 0;
  const observations = await readRateSnapshot(file);
  await upsertObservations(db, observations, 'snapshot');
  return observations.length;
}
