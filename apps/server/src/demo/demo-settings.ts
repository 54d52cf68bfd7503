import type { DbOrTx } from '../db/open-database';
import { firmProfile, noteCategories, quoteTypes } from '../db/schema';

/**
 * Note categories and quote types (platform.md 3) an advisory firm working with public-sector clients
 * would keep: what notes are about, and how a negotiated rate was obtained. One of each is inactive,
 * so the Global Settings badges and the choice lists show the difference.
 */
export const DEMO_NOTE_CATEGORIES: readonly { name: string; isActive: boolean }[] = [
  { name: 'Bank Relationship', isActive: true },
  { name: 'Cash Flow', isActive: true },
  { name: 'Collateral', isActive: true },
  { name: 'Compliance', isActive: true },
  { name: 'Data Issue', isActive: true },
  { name: 'Follow Up', isActive: true },
  { name: 'Investment Policy', isActive: true },
  { name: 'Reporting', isActive: true },
  { name: 'Legacy Import', isActive: false },
];

export const DEMO_QUOTE_TYPES: readonly { name: string; isActive: boolean }[] = [
  { name: 'Bank Quote', isActive: true },
  { name: 'Competitive Bid', isActive: true },
  { name: 'Negotiated Rate', isActive: true },
  { name: 'Posted Rate', isActive: true },
  { name: 'Relationship Pricing', isActive: true },
  { name: 'Verbal Quote', isActive: false },
];

/** Inserts both lists (skipping names already there), in a fixed order so ids are the same every run. */
export async function insertDemoSettingTypes(db: DbOrTx): Promise<void> {
  await db
    .insert(noteCategories)
    .values(DEMO_NOTE_CATEGORIES.map((c) => ({ noteCategoryName: c.name, status: c.isActive ? 1 : 0 })))
    .onConflictDoNothing();
  await db
    .insert(quoteTypes)
    .values(DEMO_QUOTE_TYPES.map((t) => ({ quoteTypeName: t.name, status: t.isActive ? 1 : 0 })))
    .onConflictDoNothing();
}

/** The demo's advisory firm (Global Settings "Firm"): the name that heads its client reports. */
export const DEMO_FIRM_NAME = 'Cedar Point Treasury Advisors';

/** Names the demo's firm, unless a firm is already set; no logo (the cover then prints none). */
export async function insertDemoFirm(db: DbOrTx): Promise<void> {
  await db.insert(firmProfile).values({ firmProfileId: 1, firmName: DEMO_FIRM_NAME }).onConflictDoNothing();
}
