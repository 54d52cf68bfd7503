import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { StagingTreasuryKind } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { AuditEntity } from '../../platform/audit/audit-entities';

// The three sections of an analysis statement: the staging table of each, the batch account (by its
// section type) that holds its rows, and the names its changes go by in the answer and the audit log.

export interface TreasurySection {
  kind: StagingTreasuryKind;
  sectionType: TreasurySectionType;
  tableName: 'staging_fees' | 'staging_balances' | 'staging_account_balances';
  idColumn: 'staging_fee_id' | 'staging_balance_id' | 'staging_account_balance_id';
  entity: AuditEntity;
  /** Where the ids sit in the request body, for the 400's field error. */
  idsField: string;
}

export const TREASURY_SECTIONS = {
  fee: {
    kind: 'fee',
    sectionType: 'Fees',
    tableName: 'staging_fees',
    idColumn: 'staging_fee_id',
    entity: 'staging_fee',
    idsField: 'fees.stagingFeesIds',
  },
  balance: {
    kind: 'balance',
    sectionType: 'Balance',
    tableName: 'staging_balances',
    idColumn: 'staging_balance_id',
    entity: 'staging_balance',
    idsField: 'balance.stagingBalanceIds',
  },
  accountBalance: {
    kind: 'accountBalance',
    sectionType: 'Account Balance',
    tableName: 'staging_account_balances',
    idColumn: 'staging_account_balance_id',
    entity: 'staging_account_balance',
    idsField: 'accountBalances.stagingAccountBalanceIds',
  },
} as const satisfies Record<StagingTreasuryKind, TreasurySection>;
