import type { PullTransactionsResult } from '@tideline/contracts/data-ingestion/extraction.schemas';
import { withPoolTransaction } from '../../../db/pool-transaction';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { findVisibleRelationship } from '../../banks/bank-client-relationships.service';
import type { PulledTransaction } from '../../bank-links/bank-link-provider';
import { fetchBankLinkTransactions } from '../../bank-links/bank-links.service';
import type { BankLinkProviders } from '../../bank-links/create-bank-link-providers';
import { storeServerFile } from '../../files/store-server-file';
import * as fq from '../upload/batch-files.queries';
import { findVisibleBatch } from '../batches/batches.service';
import { completeStaging, describeStaged } from '../staging/complete-staging';
import type { ExtractionDeps } from '../extraction-deps';
import { loadPullPlan, toPulledCsv, type PullPlan } from './pull-plan';
import * as sq from '../staging/stage-file.queries';
import { createInsertSink } from '../staging/staging-sinks';
import { createStagingWriter } from '../staging/staging-writer';

export interface PullDeps extends ExtractionDeps {
  database: Parameters<typeof withPoolTransaction>[0];
  providers: BankLinkProviders;
}

type Unmatched = PullTransactionsResult['unmatchedAccounts'];

function describeUnmatched(unmatched: Unmatched): string {
  if (unmatched.length === 0) return '';
  const why = {
    'no-account': 'no account of the client at this bank matches it',
    'several-accounts': 'several accounts match it',
    'not-in-batch': 'its account is not in this batch',
  };
  return ` Not staged: ${unmatched
    .map(
      (u) =>
        `${u.name}${u.mask ? ` ••${u.mask}` : ''}, ${u.transactionCount} ${u.transactionCount === 1 ? 'transaction' : 'transactions'} (${why[u.reason]})`,
    )
    .join('; ')}.`;
}

/** The pulled rows' accounts outside the batch, one entry per account. */
function splitByBatch(rows: readonly PulledTransaction[], plan: PullPlan) {
  const inBatch: PulledTransaction[] = [];
  const outside = new Map<number, { name: string; count: number }>();
  for (const row of rows) {
    if (plan.batchAccountByAccountId.has(row.accountId)) inBatch.push(row);
    else {
      const o = outside.get(row.accountId) ?? { name: row.accountNumber, count: 0 };
      o.count += 1;
      outside.set(row.accountId, o);
    }
  }
  const unmatched: Unmatched = [...outside.values()].map((o) => ({
    name: o.name,
    mask: null,
    transactionCount: o.count,
    reason: 'not-in-batch',
  }));
  return { inBatch, unmatched };
}

/**
 * POST /pull-transactions (UPLOAD_FILES): the batch period's transactions from the relationship's
 * provider (Plaid's transactions sync), staged like a file's rows in one transaction: the pull is
 * kept as a csv file and a batch file ("plaid-pull-<period>.csv", replacing the period's earlier pull)
 * so every row has its provenance; keywords, duplicates and account statuses as for an upload.
 */
export async function pullTransactions(
  deps: PullDeps,
  user: CurrentUser,
  batchId: number,
  ctx: AuditContext,
): Promise<PullTransactionsResult> {
  const batch = await findVisibleBatch(deps.db, user, batchId);
  const relationship = await findVisibleRelationship(deps.db, user, batch.bankClientRelId);
  const pulled = await fetchBankLinkTransactions(deps.providers, relationship, {
    startDate: batch.startDate,
    endDate: batch.endDate,
  });
  const plan = await loadPullPlan(deps.db, batch);
  const { inBatch, unmatched } = splitByBatch(pulled.rows, plan);
  const unmatchedAccounts: Unmatched = [...pulled.unmatchedAccounts, ...unmatched];
  const fileName = `${relationship.collectionType.toLowerCase()}-pull-${batch.startDate}-${batch.endDate}.csv`;
  let sourceKey: string | null = null;
  const stage = () =>
    withPoolTransaction(deps.database, async ({ client, tx }) => {
      await fq.lockBatch(tx, batch.batchId);
      const live = await fq.selectLiveFileByName(tx, batch.batchId, fileName);
      if (live) await fq.updateBatchFile(tx, live.batchFileId, { status: 'Replaced' });
      const source = await storeServerFile(
        tx,
        deps.storage,
        {
          fileName,
          clientId: batch.clientId,
          uploadedBy: user.userId,
          contentType: 'text/csv',
          body: toPulledCsv(inBatch),
        },
        ctx,
      );
      sourceKey = source.storageKey;
      const file = await fq.insertBatchFile(tx, {
        clientId: batch.clientId,
        batchId: batch.batchId,
        fileId: source.fileId,
        uploadedFileName: fileName,
        templateType: 'Transaction',
        status: 'In Progress',
        allowOverwrite: true,
        uploadedBy: user.userId,
      });
      const touched = live ? await sq.deleteFilesStagingRows(tx, [live.batchFileId]) : [];
      const writer = createStagingWriter({
        refs: { clientId: batch.clientId, batchId: batch.batchId, batchFileId: file.batchFileId },
        batchAccountOf: (n) => plan.batchAccountByNumber.get(n),
        context: { keywordOf: plan.keywordOf, investmentTypeIdOf: () => null },
        openSink: (table) => createInsertSink(client, table),
      });
      await writer.write(
        inBatch.map((r, i) => ({
          rowNumber: i + 1,
          accountNumber: r.accountNumber,
          date: r.date,
          description: r.description,
          amount: r.amount,
        })),
      );
      const summary = await writer.finish();
      const rows = {
        rowCount: summary.rowCount,
        isTransactions: true,
        accounts: summary.accounts,
        statements: [],
      };
      const done = await completeStaging(deps.storage, tx, { file, batch }, rows, touched, null, ctx);
      const message = describeStaged(rows, done.duplicates, []) + describeUnmatched(unmatchedAccounts);
      await fq.updateBatchFile(tx, file.batchFileId, {
        status: 'Extracted',
        extractionMessage: message,
        rowCount: summary.rowCount,
      });
      await writeAudit(tx, ctx, {
        action: 'batch_file.pulled',
        entity: 'batch_file',
        entityId: file.batchFileId,
        after: {
          clientId: batch.clientId,
          batchId: batch.batchId,
          fileName,
          rowCount: summary.rowCount,
          replacedFileAuditId: live?.batchFileId ?? null,
        },
      });
      return { fileAuditId: file.batchFileId, rowCount: summary.rowCount, message };
    });
  const staged = await stage().catch(async (err: unknown) => {
    // The csv was stored before the rollback took its row: it belongs to nothing now.
    const key: string | null = sourceKey;
    if (key) await deps.storage.deleteObject(key).catch(() => undefined);
    throw err;
  });
  return {
    msg: staged.message,
    fileAuditId: staged.fileAuditId,
    rowCount: staged.rowCount,
    unmatchedAccounts,
  };
}
