import { parseArgs } from 'node:util';
import { buildLogger } from './platform/logger';
import { loadConfig } from './platform/config';
import { createPlatform } from './platform/create-platform';
import { createAdmin } from './modules/users/users.service';
import { AppError } from './platform/http/app-error';
import { seedDemoCommand } from './demo/seed-demo-command';
import { demoStatementsCommand } from './demo/demo-statements-command';
import { importRatesCommand } from './modules/market-rates/import-rates-command';
import { openCommandDatabase } from './db/open-command-database';

const USAGE = `Usage: npm run cli -- create-admin --email E --first-name F --last-name L
       npm run cli -- seed-demo
       npm run cli -- demo-statements DIR   (statement files for the open reports' period)
       npm run cli -- import-rates FILE   (a FRED download: observation_date,SERIES…)`;

// Works on either database: DATABASE_URL when set, otherwise the embedded one under DATA_DIR (stop the
// server first: PGlite does not lock its folder, so the commands refuse while it is in use).
async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'seed-demo' && rest.length === 0) return seedDemoCommand();
  if (command === 'demo-statements' && rest.length === 1) return demoStatementsCommand(rest[0]!);
  if (command === 'import-rates' && rest.length === 1) return importRatesCommand(rest[0]!);
  if (command !== 'create-admin') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  if (!values.email || !values['first-name'] || !values['last-name']) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const log = buildLogger(config);
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    const platform = await createPlatform(config, database, log);
    const { link } = await createAdmin(
      { db: database.db, auth: platform.auth },
      { email: values.email, firstName: values['first-name'], lastName: values['last-name'] },
    );
    console.log(`Administrator ${values.email} created. Set the password here: ${link}`);
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : err);
    return 1;
  } finally {
    await database.close();
  }
}

process.exit(await main());
