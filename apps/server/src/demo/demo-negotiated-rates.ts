import { inArray } from 'drizzle-orm';
import type { UsState } from '@tideline/contracts/common/us-states';
import type { DbOrTx } from '../db/open-database';
import { banks, negotiatedRates, quoteTypes } from '../db/schema';
import { DEMO_BANKS } from './demo-banks';
import { DEMO_USERS } from './demo-people';

interface DemoRate {
  clientKey: string;
  bankKey: string;
  state: UsState;
  amount: string | null;
  term: string | null;
  rate: string;
  quoteType: string | null;
  capturedBy: string;
  realized: 0 | 1;
  comments: string | null;
  /** Days before the demo's last date. */
  daysAgo: number;
}

/**
 * Negotiated rates (platform.md 3) as advisors capture them: CD and deposit quotes from the clients'
 * banks and from banks they do not use yet, across states, some taken and some not, one with a
 * comment long enough to be cut in the table and one without a quote type or amount.
 */
export const DEMO_NEGOTIATED_RATES: readonly DemoRate[] = [
  {
    clientKey: 'cedar',
    bankKey: 'meridian',
    state: 'IA',
    amount: '5000000',
    term: '182',
    rate: '4.35',
    quoteType: 'Competitive Bid',
    capturedBy: 'priya.raman@demo.example.com',
    realized: 1,
    comments: 'Six-month CD won against two bids; collateralised under the state pooled method.',
    daysAgo: 150,
  },
  {
    clientKey: 'cedar',
    bankKey: 'prairie',
    state: 'IA',
    amount: '2500000',
    term: '91',
    rate: '4.10',
    quoteType: 'Bank Quote',
    capturedBy: 'priya.raman@demo.example.com',
    realized: 0,
    comments:
      'Quote received by phone and confirmed by email the next morning. The client preferred the longer ladder rung, so the three-month offer was declined and kept for reference in the next review.',
    daysAgo: 120,
  },
  {
    clientKey: 'portalder',
    bankKey: 'cascade',
    state: 'WA',
    amount: '10000000',
    term: '365',
    rate: '4.62',
    quoteType: 'Relationship Pricing',
    capturedBy: 'marcus.bell@demo.example.com',
    realized: 1,
    comments: null,
    daysAgo: 96,
  },
  {
    clientKey: 'portalder',
    bankKey: 'evergreen',
    state: 'WA',
    amount: '3000000',
    term: '30',
    rate: '3.95',
    quoteType: 'Posted Rate',
    capturedBy: 'priya.raman@demo.example.com',
    realized: 0,
    comments: 'Posted money-market rate; below the pool yield that week.',
    daysAgo: 75,
  },
  {
    clientKey: 'millbrook',
    bankKey: 'pacific',
    state: 'CA',
    amount: '7500000',
    term: '270',
    rate: '4.48',
    quoteType: 'Negotiated Rate',
    capturedBy: 'marcus.bell@demo.example.com',
    realized: 1,
    comments: 'Rate held for 48 hours while the council approved the placement.',
    daysAgo: 60,
  },
  {
    clientKey: 'blueheron',
    bankKey: 'southern',
    state: 'NC',
    amount: null,
    term: '60',
    rate: '4.05',
    quoteType: null,
    capturedBy: 'priya.raman@demo.example.com',
    realized: 0,
    comments: 'Indicative only; amount to be confirmed after the bond draw.',
    daysAgo: 41,
  },
  {
    clientKey: 'tririver',
    bankKey: 'meridian',
    state: 'PA',
    amount: '4000000',
    term: '180',
    rate: '4.28',
    quoteType: 'Competitive Bid',
    capturedBy: 'marcus.bell@demo.example.com',
    realized: 1,
    comments: null,
    daysAgo: 28,
  },
  {
    clientKey: 'northplains',
    bankKey: 'piedmont',
    state: 'DC',
    amount: '1500000',
    term: '14',
    rate: '-0.05',
    quoteType: 'Bank Quote',
    capturedBy: 'priya.raman@demo.example.com',
    realized: 0,
    comments: 'Overnight sweep quote net of the earnings-credit offset, hence below zero.',
    daysAgo: 9,
  },
];

/** Inserts the rates, dated back from `lastDate` (YYYY-MM-DD), so the same date gives the same rows. */
export async function insertDemoNegotiatedRates(
  db: DbOrTx,
  lastDate: string,
  clientIds: ReadonlyMap<string, number>,
  userIds: ReadonlyMap<string, { userId: number }>,
): Promise<void> {
  const bankNames = new Map(DEMO_BANKS.map((b) => [b.key, b.input.bankName]));
  const bankRows = await db
    .select({ bankId: banks.bankId, bankName: banks.bankName })
    .from(banks)
    .where(inArray(banks.bankName, [...bankNames.values()]));
  const bankIds = new Map(bankRows.map((b) => [b.bankName, b.bankId]));
  const quoteRows = await db
    .select({ id: quoteTypes.quoteTypeId, name: quoteTypes.quoteTypeName })
    .from(quoteTypes);
  const quoteIds = new Map(quoteRows.map((q) => [q.name, q.id]));
  const people = new Map(DEMO_USERS.map((u) => [u.email, `${u.firstName} ${u.lastName}`]));
  const end = Date.parse(`${lastDate}T15:00:00Z`);
  await db.insert(negotiatedRates).values(
    DEMO_NEGOTIATED_RATES.map((r) => ({
      clientId: clientIds.get(r.clientKey)!,
      bankId: bankIds.get(bankNames.get(r.bankKey)!)!,
      state: r.state,
      amount: r.amount,
      term: r.term,
      rate: r.rate,
      quoteTypeId: r.quoteType ? quoteIds.get(r.quoteType)! : null,
      userId: userIds.get(r.capturedBy)!.userId,
      userName: people.get(r.capturedBy)!,
      realized: r.realized,
      comments: r.comments,
      createdAt: new Date(end - r.daysAgo * 86_400_000),
    })),
  );
}
