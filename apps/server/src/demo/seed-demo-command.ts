import { openCommandDatabase } from '../db/open-command-database';
import { closeMonteCarloPool } from '../modules/monte-carlo/monte-carlo-pool';
import { chooseLinkBase, configWithLinkBase, type LinkBase } from '../platform/link-base';
import { createPlatform } from '../platform/create-platform';
import { AppError } from '../platform/http/app-error';
import { buildLogger } from '../platform/logger';
import { seedDemo, type SeedDemoResult } from './seed-demo';
import { createInvitationCollector } from './seed-people';

/** `npm run cli -- seed-demo`: answers the exit code (0 done, 1 refused or failed). */
export async function seedDemoCommand(): Promise<number> {
  const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
  // The invitation links open on the server: its PORT/PUBLIC_URL, not necessarily this command's.
  const linkBase = await chooseLinkBase(env);
  const config = configWithLinkBase(env, linkBase);
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    const invitations = createInvitationCollector();
    const platform = await createPlatform(config, database, buildLogger(config), {
      mailer: invitations.mailer,
    });
    const where =
      database.mode === 'embedded' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    console.log(`Seeding the demo data into ${where}…`);
    const result = await seedDemo({
      db: database.db,
      auth: platform.auth,
      invitations,
      publicUrl: config.publicUrl,
      storage: platform.storage,
    });
    printSummary(result, config.INVITE_TTL_HOURS, linkBase);
    return 0;
  } catch (err) {
    if (err instanceof AppError) console.error(err.message);
    else
      console.error(
        'seed-demo failed; the database may hold part of the demo data. Start again from an empty one.\n',
        err,
      );
    return 1;
  } finally {
    await closeMonteCarloPool();
    await database.close();
  }
}

function printSummary(result: SeedDemoResult, inviteTtlHours: number, linkBase: LinkBase) {
  console.log(
    `\nDemo data from ${result.firstDate} to ${result.lastDate}, in ${result.seconds.toFixed(1)} s:`,
  );
  for (const [table, count] of Object.entries(result.counts))
    console.log(`  ${table.padEnd(26)} ${count.toLocaleString('en-US').padStart(9)}`);
  if (result.withheld.length > 0) {
    const who = result.withheld.map((w) => `${w.clientName} from ${w.startDate}`).join(', ');
    const count = result.withheldTransactions.toLocaleString('en-US');
    console.log(
      `\nNot booked, for ingestion to fill: ${who} (${count} planned transactions).` +
        " `npm run cli -- demo-statements DIR` writes their open reports' statements.",
    );
  }
  console.log(
    `\nInvitation links (valid ${inviteTtlHours} hours; choose a password, then enrol an authenticator):`,
  );
  console.log(`  They open on ${linkBase.url} (${linkBase.reason}).`);
  for (const i of result.invitations)
    console.log(
      `  ${i.roleName.padEnd(14)} ${i.name.padEnd(18)} ${i.email}\n    ${i.link ?? '(no link: see the server log)'}`,
    );
}
