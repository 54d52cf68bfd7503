import { TREASURY_SECTION_TYPES } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { BatchTemplateType } from '@tideline/contracts/data-ingestion/batches.schemas';
import {
  BATCH_TYPE_OF_INGESTION,
  type IngestionAccountType,
} from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import { countAccountStatementMonths, countStatementMonths, type AccountLife } from './statement-months';

// Which batches Start Ingestion makes (ingestion.md "Batches and batch accounts"): per relationship and
// chosen type, one batch holding the relationship's accounts of that type that owe a statement in the
// period. A Treasury batch holds the three sections of the monthly analysis statement instead, which
// covers the relationship's Treasury Services accounts at once: one statement a month.

/** The account type (contracts ACCOUNT_TYPES) each ingestion type batches. */
const ACCOUNT_TYPE_OF_INGESTION: Record<IngestionAccountType, string> = {
  transactions: 'Transaction',
  investments: 'Investment',
  hybridAccount: 'Hybrid',
  treasuryServices: 'Treasury Services',
};

export interface IngestibleAccount extends AccountLife {
  accountId: number;
  bankClientRelId: number;
  accountType: string | null;
}

export interface PlannedBatchAccount {
  accountId: number | null;
  sectionType: (typeof TREASURY_SECTION_TYPES)[number] | null;
  statementMonths: number;
}

export interface PlannedBatch {
  bankClientRelId: number;
  templateType: BatchTemplateType;
  sourcesRequired: number;
  accounts: PlannedBatchAccount[];
}

/** Why a type made no batch: every batch it would make exists already, or nothing owes a statement. */
export type UnplannedReason = 'alreadyStarted' | 'noAccounts';

export interface BatchPlan {
  batches: PlannedBatch[];
  unplanned: Map<IngestionAccountType, UnplannedReason>;
}

export interface PlanInput {
  startDate: string;
  endDate: string;
  types: readonly IngestionAccountType[];
  bankClientRelIds: readonly number[];
  accounts: readonly IngestibleAccount[];
  /** `${bankClientRelId}:${templateType}` of the batches the open report already has. */
  existing: ReadonlySet<string>;
}

export const batchKey = (bankClientRelId: number, templateType: string) =>
  `${bankClientRelId}:${templateType}`;

function planAccounts(input: PlanInput, relId: number, type: IngestionAccountType): PlannedBatchAccount[] {
  const owing = input.accounts
    .filter((a) => a.bankClientRelId === relId && a.accountType === ACCOUNT_TYPE_OF_INGESTION[type])
    .map((a) => ({
      accountId: a.accountId,
      months: countAccountStatementMonths(input.startDate, input.endDate, a),
    }))
    .filter((a) => a.months > 0);
  if (owing.length === 0) return [];
  if (type === 'treasuryServices') {
    const months = countStatementMonths(input.startDate, input.endDate);
    return TREASURY_SECTION_TYPES.map((sectionType) => ({
      accountId: null,
      sectionType,
      statementMonths: months,
    }));
  }
  return owing.map((a) => ({ accountId: a.accountId, sectionType: null, statementMonths: a.months }));
}

export function planBatches(input: PlanInput): BatchPlan {
  const batches: PlannedBatch[] = [];
  const unplanned = new Map<IngestionAccountType, UnplannedReason>();
  for (const type of input.types) {
    const templateType = BATCH_TYPE_OF_INGESTION[type];
    let planned = 0;
    let existed = 0;
    for (const relId of input.bankClientRelIds) {
      if (input.existing.has(batchKey(relId, templateType))) {
        existed += 1;
        continue;
      }
      const accounts = planAccounts(input, relId, type);
      if (accounts.length === 0) continue;
      // A treasury statement a month covers its three sections; every other account owes its own.
      const sourcesRequired =
        type === 'treasuryServices'
          ? accounts[0]!.statementMonths
          : accounts.reduce((sum, a) => sum + a.statementMonths, 0);
      batches.push({ bankClientRelId: relId, templateType, sourcesRequired, accounts });
      planned += 1;
    }
    if (planned === 0) unplanned.set(type, existed > 0 ? 'alreadyStarted' : 'noAccounts');
  }
  return { batches, unplanned };
}
