import { eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-database';
import {
  accountGroups,
  accountLinks,
  accounts,
  bankClientRelationships,
  batchAccounts,
  batchFiles,
  batches,
  exceptionItems,
  files,
  importTemplates,
  investments,
  negotiatedRates,
  noteComments,
  notes,
  openReports,
  reports,
  stagingAccountBalances,
  stagingBalances,
  stagingFees,
  stagingInvestments,
  stagingTransactions,
  transactions,
  userClients,
} from '../../db/schema';

// Which clients an audit row is about (security issue 14 point 9): a client-scoped auditor lists only
// the rows about their clients. Attributed when the row is written, in the change's transaction, so
// the answer survives the record's later deletion and a move of the record to another client.

type ClientLookup = (db: DbOrTx, entityId: number) => Promise<(number | null)[]>;

const byColumn =
  (table: PgTable, id: AnyPgColumn, clientId: AnyPgColumn): ClientLookup =>
  async (db, entityId) =>
    (await db.select({ clientId }).from(table).where(eq(id, entityId))).map(
      (r) => r.clientId as number | null,
    );

/** The client of each audited entity that belongs to one; firm-wide ones (banks, roles, settings) have none. */
const CLIENT_OF: Record<string, ClientLookup> = {
  account: byColumn(accounts, accounts.accountId, accounts.clientId),
  account_group: byColumn(accountGroups, accountGroups.groupId, accountGroups.clientId),
  account_link: byColumn(accountLinks, accountLinks.accountLinkId, accountLinks.clientId),
  exception: byColumn(exceptionItems, exceptionItems.exceptionId, exceptionItems.clientId),
  bank_client_relationship: byColumn(
    bankClientRelationships,
    bankClientRelationships.bankClientRelId,
    bankClientRelationships.clientId,
  ),
  batch: byColumn(batches, batches.batchId, batches.clientId),
  batch_account: byColumn(batchAccounts, batchAccounts.batchAccountId, batchAccounts.clientId),
  batch_file: byColumn(batchFiles, batchFiles.batchFileId, batchFiles.clientId),
  file: byColumn(files, files.fileId, files.clientId),
  investment: byColumn(investments, investments.id, investments.clientId),
  negotiated_rate: byColumn(negotiatedRates, negotiatedRates.negotiatedRateId, negotiatedRates.clientId),
  note: byColumn(notes, notes.noteId, notes.clientId),
  note_comment: async (db, commentId) =>
    (
      await db
        .select({ clientId: notes.clientId })
        .from(noteComments)
        .innerJoin(notes, eq(notes.noteId, noteComments.noteId))
        .where(eq(noteComments.commentId, commentId))
    ).map((r) => r.clientId),
  open_report: byColumn(openReports, openReports.openReportId, openReports.clientId),
  report: byColumn(reports, reports.reportId, reports.clientId),
  staging_account_balance: byColumn(
    stagingAccountBalances,
    stagingAccountBalances.stagingAccountBalanceId,
    stagingAccountBalances.clientId,
  ),
  staging_balance: byColumn(stagingBalances, stagingBalances.stagingBalanceId, stagingBalances.clientId),
  staging_fee: byColumn(stagingFees, stagingFees.stagingFeeId, stagingFees.clientId),
  staging_investment: byColumn(
    stagingInvestments,
    stagingInvestments.stagingInvestmentId,
    stagingInvestments.clientId,
  ),
  staging_transaction: byColumn(
    stagingTransactions,
    stagingTransactions.stagingTransactionId,
    stagingTransactions.clientId,
  ),
  template: byColumn(importTemplates, importTemplates.templateId, importTemplates.clientId),
  transaction: byColumn(transactions, transactions.transactionId, transactions.clientId),
  // A user's rows (their changes, sign-ins, MFA resets) concern the clients they are associated with.
  user: byColumn(userClients, userClients.userId, userClients.clientId),
};

export interface AuditClientFacts {
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  clientIds?: readonly number[];
}

/** A snapshot's own client, or the client of the account or note it names (a deleted link's, comment's). */
const SNAPSHOT_REFERENCES = { accountId: 'account', noteId: 'note' } as const;

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/**
 * The clients of one audit row: the ones the writer names, else the audited client itself, the clients
 * its before/after snapshot names (all that is left of a deleted record), and the entity's client
 * looked up now. Rows attributed to no client are shown to unscoped auditors only.
 */
export async function findAuditClientIds(db: DbOrTx, entry: AuditClientFacts): Promise<number[]> {
  if (entry.clientIds) return [...new Set(entry.clientIds)].sort((a, b) => a - b);
  const ids = new Set<number>();
  const lookups: [ClientLookup, number][] = [];
  const entityId = Number(entry.entityId ?? Number.NaN);
  if (isId(entityId)) {
    if (entry.entity === 'client') ids.add(entityId);
    const lookup = CLIENT_OF[entry.entity];
    if (lookup) lookups.push([lookup, entityId]);
  }
  for (const snapshot of [entry.before, entry.after]) {
    if (isId(snapshot?.clientId)) ids.add(snapshot.clientId);
    for (const [field, entity] of Object.entries(SNAPSHOT_REFERENCES)) {
      const ref = snapshot?.[field];
      if (isId(ref)) lookups.push([CLIENT_OF[entity]!, ref]);
    }
  }
  for (const [lookup, id] of lookups) {
    for (const clientId of await lookup(db, id)) if (clientId !== null) ids.add(clientId);
  }
  return [...ids].sort((a, b) => a - b);
}
