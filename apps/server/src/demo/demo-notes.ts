import type { DbOrTx } from '../db/open-database';
import { noteCategories, noteCategoryLinks, noteComments, notes, noteTaggedUsers } from '../db/schema';

interface DemoNote {
  title: string;
  description: string;
  author: string;
  /** A client key, an account key ('cedar.payroll'), a batch ('cedar.Transaction'), or nothing (firm-wide). */
  link?: { clientKey: string } | { accountKey: string } | { batchKey: string };
  categories: readonly string[];
  tagged: readonly string[];
  comments: readonly { author: string; text: string; hoursLater: number }[];
  /** Resolved this many days after it was written (read-only, in Global Settings' Resolved Notes). */
  resolvedAfterDays?: number;
  daysAgo: number;
}

const PRIYA = 'priya.raman@demo.example.com';
const MARCUS = 'marcus.bell@demo.example.com';
const JORDAN = 'jordan.kim@demo.example.com';
const ELENA = 'elena.sokolova@demo.example.com';
const MORGAN = 'morgan.ellis@demo.example.com';

/**
 * Notes (platform.md 2.10, 3) as the advisors and analysts keep them: on clients, on accounts and
 * firm-wide, with categories, tagged colleagues and comment threads; one is resolved.
 */
export const DEMO_NOTES: readonly DemoNote[] = [
  {
    title: 'Property tax receipts arriving early',
    description:
      'The March property-tax lockbox deposits started two weeks earlier than last year. Check whether the county moved the due date before the next forecast run, and shift the seasonal receipts in the short-term model if so.',
    author: PRIYA,
    link: { clientKey: 'cedar' },
    categories: ['Cash Flow', 'Follow Up'],
    tagged: [JORDAN],
    comments: [
      { author: JORDAN, text: 'Treasurer confirmed: due date moved to March 15 this year.', hoursLater: 20 },
      { author: PRIYA, text: 'Thanks. I will flag it in the quarterly report narrative.', hoursLater: 26 },
    ],
    daysAgo: 34,
  },
  {
    title: 'Payroll account collateral letter expired',
    description:
      'The collateral letter for the payroll account lapsed at month end. The bank promised a renewed pledge agreement; until it arrives the balance above the FDIC limit is uncollateralised.',
    author: MARCUS,
    link: { accountKey: 'cedar.payroll' },
    categories: ['Collateral', 'Bank Relationship', 'Compliance'],
    tagged: [PRIYA, MORGAN],
    comments: [{ author: MORGAN, text: 'Escalated to the relationship manager today.', hoursLater: 4 }],
    daysAgo: 12,
  },
  {
    title: 'Missing statement days in the bond proceeds account',
    description:
      'Two business days are missing from the October statement file. Requested a corrected file from the bank portal; do not finalise the balance tables until it is in.',
    author: JORDAN,
    link: { clientKey: 'portalder' },
    categories: ['Data Issue'],
    tagged: [ELENA],
    comments: [
      { author: ELENA, text: 'Corrected file received and ingested; balances reconcile.', hoursLater: 50 },
    ],
    resolvedAfterDays: 3,
    daysAgo: 25,
  },
  {
    title: 'Investment policy review before the board meeting',
    description:
      'The district board reviews its investment policy next month. Prepare a comparison of the permitted maturities against the current ladder, including the callable agency notes.',
    author: MARCUS,
    link: { clientKey: 'millbrook' },
    categories: ['Investment Policy', 'Reporting'],
    tagged: [],
    comments: [],
    daysAgo: 6,
  },
  {
    title: 'Sweep statement arrives a day late',
    description:
      'The bank posts the sweep account statement to its portal one business day after the others. Wait for it before validating this batch, or the quarter-end balance will be short of the overnight sweep.',
    author: PRIYA,
    link: { batchKey: 'cedar.Transaction' },
    categories: ['Data Issue'],
    tagged: [JORDAN],
    comments: [{ author: JORDAN, text: 'Noted; I will validate on Thursday.', hoursLater: 3 }],
    daysAgo: 2,
  },
  {
    title: 'Quarter-end report schedule',
    description:
      'Quarter-end reports are due to clients by the 20th. Analysts: confirm every client has data through the 10th business day before starting reports.',
    author: MORGAN,
    categories: ['Reporting'],
    tagged: [JORDAN, ELENA],
    comments: [{ author: ELENA, text: 'Blue Heron is still waiting on one bank file.', hoursLater: 30 }],
    daysAgo: 3,
  },
];

/** Inserts the notes with their categories, tags and comments, dated back from `lastDate` (YYYY-MM-DD). */
export async function insertDemoNotes(
  db: DbOrTx,
  lastDate: string,
  ids: {
    clients: ReadonlyMap<string, number>;
    accounts: ReadonlyMap<string, { clientId: number; accountId: number }>;
    batches: ReadonlyMap<string, number>;
    users: ReadonlyMap<string, { userId: number }>;
  },
): Promise<void> {
  const categoryRows = await db
    .select({ id: noteCategories.noteCategoryId, name: noteCategories.noteCategoryName })
    .from(noteCategories);
  const categoryIds = new Map(categoryRows.map((c) => [c.name, c.id]));
  const userId = (email: string) => ids.users.get(email)!.userId;
  const end = Date.parse(`${lastDate}T14:00:00Z`);
  const hour = 3_600_000;

  for (const n of DEMO_NOTES) {
    const createdAt = new Date(end - n.daysAgo * 24 * hour);
    const link = linkOf(n.link, ids);
    const resolvedAt =
      n.resolvedAfterDays === undefined
        ? null
        : new Date(createdAt.getTime() + n.resolvedAfterDays * 24 * hour);
    const [note] = await db
      .insert(notes)
      .values({
        noteTitle: n.title,
        noteDescription: n.description,
        authorId: userId(n.author),
        ...link,
        isResolved: resolvedAt !== null,
        resolvedAt,
        resolvedBy: resolvedAt ? userId(n.author) : null,
        createdAt,
        updatedAt: resolvedAt ?? createdAt,
      })
      .returning({ noteId: notes.noteId });
    const noteId = note!.noteId;
    if (n.categories.length)
      await db
        .insert(noteCategoryLinks)
        .values(n.categories.map((name) => ({ noteId, noteCategoryId: categoryIds.get(name)! })));
    if (n.tagged.length)
      await db.insert(noteTaggedUsers).values(n.tagged.map((email) => ({ noteId, userId: userId(email) })));
    if (n.comments.length)
      await db.insert(noteComments).values(
        n.comments.map((c) => {
          const at = new Date(createdAt.getTime() + c.hoursLater * hour);
          return { noteId, authorId: userId(c.author), comment: c.text, createdAt: at, updatedAt: at };
        }),
      );
  }
}

/** The note's linked record and its client, from the demo keys. */
function linkOf(
  link: DemoNote['link'],
  ids: Pick<Parameters<typeof insertDemoNotes>[2], 'clients' | 'accounts' | 'batches'>,
) {
  if (!link) return { tableLinkedTo: null, linkedId: null, clientId: null };
  if ('clientKey' in link) {
    const clientId = ids.clients.get(link.clientKey)!;
    return { tableLinkedTo: 'clients' as const, linkedId: clientId, clientId };
  }
  if ('accountKey' in link) {
    const account = ids.accounts.get(link.accountKey)!;
    return { tableLinkedTo: 'accounts' as const, linkedId: account.accountId, clientId: account.clientId };
  }
  const clientKey = link.batchKey.split('.')[0]!;
  return {
    tableLinkedTo: 'batches' as const,
    linkedId: ids.batches.get(link.batchKey)!,
    clientId: ids.clients.get(clientKey)!,
  };
}
