import { sql } from 'drizzle-orm';
import type { Db } from '../db/open-database';
import type { AuthService } from '../modules/auth/auth.service';
import { seedDefaultRoles } from '../modules/users/users.service';
import type { AuditContext } from '../platform/audit/write-audit';
import type { Storage } from '../platform/storage/storage';
import { conflict } from '../platform/http/app-error';
import { yesterdayIso } from './demo-calendar';
import { insertDemoMarketRates } from './demo-market-rates';
import { insertDemoNegotiatedRates } from './demo-negotiated-rates';
import { detectExceptions } from '../modules/exceptions/detect-exceptions';
import { addDays } from '../modules/market-rates/rate-observation';
import { insertDemoNotes } from './demo-notes';
import { insertDemoOpenReports } from './demo-open-reports';
import { DEMO_CLIENTS } from './demo-clients';
import { DEMO_ASSIGNMENTS } from './demo-people';
import { DEMO_SEED } from './demo-random';
import { insertDemoFirm, insertDemoSettingTypes } from './demo-settings';
import {
  findAnchorsInWithheld,
  findBooksEnds,
  findWithheldStarts,
  isBookedBySeed,
} from './demo-withheld-periods';
import { insertDemoKeywords, insertDemoTransactions } from './load-transactions';
import { planDemoTransactions } from './plan-transactions';
import { DEMO_ACTOR, seedUsers, type Invitation, type InvitationCollector } from './seed-people';
import { seedInvestments } from './seed-investments';
import { seedDemoAnalysis } from './seed-analysis';
import { seedStructure } from './seed-structure';

export const DEMO_NOT_EMPTY_MSG =
  'The database already has clients: seed-demo only fills an empty database. Use a new DATA_DIR (embedded) or a new database (DATABASE_URL).';

const DEMO_CONTEXT: AuditContext = {
  userId: null,
  actorEmail: 'seed-demo',
  requestId: null,
  ipAddress: null,
};

/**
 * The exception queue as the nightly detection leaves it the morning after the demo's last day
 * (issue 43 point 6): the withheld clients' late statements and past-due reports, idle cash against
 * the demo rates, investments maturing without a note.
 */
async function seedDemoExceptions(db: Db, lastDate: string) {
  const today = addDays(lastDate, 1);
  await detectExceptions(db, { clientIds: null, today, now: new Date(`${today}T06:00:00Z`) });
}

/** Who the demo's analyses are run by. */
const DEMO_ANALYST_EMAIL = 'jordan.kim@demo.example.com';

/** The tables the summary counts, in the order they are filled. */
export const DEMO_TABLES = [
  'market_rate_observations',
  'users',
  'banks',
  'clients',
  'bank_client_relationships',
  'import_templates',
  'accounts',
  'account_groups',
  'account_group_accounts',
  'account_links',
  'keyword_categories',
  'keywords',
  'note_categories',
  'quote_types',
  'transactions',
  'investments',
  'investment_groups',
  'investment_group_investments',
  'negotiated_rates',
  'open_reports',
  'batches',
  'notes',
  'note_comments',
  'daily_balances',
  'monte_carlo_runs',
  'short_term_models',
  'cash_vest_scores',
  'exception_items',
  'audit_log',
] as const;

export interface SeedDemoResult {
  firstDate: string;
  lastDate: string;
  /** The clients whose open period (and what follows) is left to ingestion: name, first day not booked. */
  withheld: { clientName: string; startDate: string }[];
  /** The planned transactions not booked for them: `demo-statements` writes the period's. */
  withheldTransactions: number;
  counts: Record<(typeof DEMO_TABLES)[number], number>;
  invitations: Invitation[];
  seconds: number;
}

export async function countDemoTables(db: Db): Promise<SeedDemoResult['counts']> {
  const selects = DEMO_TABLES.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ');
  const { rows } = await db.execute(sql.raw(`select ${selects}`));
  return rows[0] as SeedDemoResult['counts'];
}

/**
 * `npm run cli -- seed-demo`: six public-sector clients, eight banks, their relationships, templates,
 * forty accounts, groups, links, three years of transactions ending `endDate` (for the two clients with
 * an open report, ending before its period: demo-withheld-periods.ts), keywords, note categories and
 * quote types, an investment ladder on the investment and hybrid accounts with four investment groups,
 * negotiated rates, two open reports (one with batches), notes with comments and tags, a few users
 * per role, and a market-rate history over the whole window (the shipped snapshot, and before and
 * after it the demo's own figures, source 'demo': demo-market-rates.ts).
 * Only into a database without clients; the same end date gives the same rows (one seed, DEMO_SEED,
 * which `demo-statements` plans the withheld periods with again).
 */
export async function seedDemo(
  deps: {
    db: Db;
    auth: AuthService;
    invitations: InvitationCollector;
    publicUrl: string;
    storage: Storage;
  },
  options: { endDate?: string } = {},
): Promise<SeedDemoResult> {
  const started = performance.now();
  const { db } = deps;
  const { rows } = await db.execute(sql`select exists (select 1 from clients) as "hasClients"`);
  if ((rows[0] as { hasClients: boolean }).hasClients) throw conflict(DEMO_NOT_EMPTY_MSG);
  await seedDefaultRoles(db);
  const plan = planDemoTransactions(options.endDate ?? yesterdayIso(), DEMO_SEED);
  const withheldStarts = findWithheldStarts(plan.lastDate);
  const misplaced = findAnchorsInWithheld(plan, withheldStarts);
  if (misplaced.length > 0) throw new Error(`Anchors inside a withheld period: ${misplaced.join(', ')}`);
  const booked = plan.transactions.filter((t) => isBookedBySeed(t, withheldStarts));
  // Before any analysis reads them: without rates every account "earns" (issue 41).
  await insertDemoMarketRates(db, plan);

  const staff = await seedUsers(deps, DEMO_CONTEXT, 'staff');
  const assignees = (clientKey: string) =>
    (DEMO_ASSIGNMENTS[clientKey] ?? []).map((email) => staff.get(email)!.userId);
  const { clientIds, accountIds } = await seedStructure(db, DEMO_ACTOR, DEMO_CONTEXT, plan, assignees);
  const keywordIds = await insertDemoKeywords(db);
  await insertDemoSettingTypes(db);
  await insertDemoFirm(db);
  await insertDemoTransactions(db, booked, accountIds, keywordIds);
  await seedInvestments(db, plan.lastDate, DEMO_SEED, accountIds);
  await insertDemoNegotiatedRates(db, plan.lastDate, clientIds, staff);
  const batchIds = await insertDemoOpenReports(db, plan.lastDate, clientIds);
  await insertDemoNotes(db, plan.lastDate, {
    clients: clientIds,
    accounts: accountIds,
    batches: batchIds,
    users: staff,
  });
  const viewers = await seedUsers(deps, DEMO_CONTEXT, 'client-viewers', clientIds);
  await db.execute(sql`analyze transactions`);
  const booksEnds = findBooksEnds(plan, withheldStarts);
  await seedDemoAnalysis(
    { db, storage: deps.storage, ctx: DEMO_CONTEXT },
    [...clientIds].map(([key, clientId]) => ({ clientId, lastDate: booksEnds.get(key)! })),
    staff.get(DEMO_ANALYST_EMAIL)!.userId,
  );

  await seedDemoExceptions(db, plan.lastDate);

  return {
    firstDate: plan.firstDate,
    lastDate: plan.lastDate,
    withheld: DEMO_CLIENTS.filter((c) => withheldStarts.has(c.key)).map((c) => ({
      clientName: c.input.clientName,
      startDate: withheldStarts.get(c.key)!,
    })),
    withheldTransactions: plan.transactions.length - booked.length,
    counts: await countDemoTables(db),
    invitations: [...staff.values(), ...viewers.values()].map((u) => u.invitation),
    seconds: (performance.now() - started) / 1000,
  };
}
