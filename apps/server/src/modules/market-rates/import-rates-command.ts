import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { openCommandDatabase } from '../../db/open-command-database';
import { loadConfig } from '../../platform/config';
import { importRateFile } from './market-rates.service';

/** Rate files are a few years of daily rates at most; a bigger file is a mistake. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * `npm run cli -- import-rates FILE`: a FRED download (observation_date,SERIES… or DATE,SERIES) into
 * the rate history, all or nothing. Answers the exit code (0 imported, 1 refused or failed).
 */
export async function importRatesCommand(file: string): Promise<number> {
  // npm runs the script in apps/server; a relative FILE means the directory the user typed it in.
  const fullPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let text: string;
  try {
    const bytes = await readFile(fullPath);
    if (bytes.length > MAX_FILE_BYTES) {
      console.error(`${fullPath} is larger than 20 MB; a rate file is much smaller. Nothing was imported.`);
      return 1;
    }
    text = bytes.toString('utf8');
  } catch (err) {
    console.error(`Cannot read ${fullPath}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    return 1;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    const result = await importRateFile(database.db, text);
    if (!result.ok) {
      console.error(`${fullPath} has ${result.problems.length} problem(s); nothing was imported:`);
      for (const problem of result.problems) console.error(`  ${problem}`);
      return 1;
    }
    console.log(`Imported ${result.imported} rate observations from ${fullPath}.`);
    return 0;
  } finally {
    await database.close();
  }
}
