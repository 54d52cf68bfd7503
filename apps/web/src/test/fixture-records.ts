import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import type { Client } from '@tideline/contracts/clients/clients.schemas';

// Whole records for the web tests' fake API answers: every field filled, the test names what matters.

export function clientOf(overrides: Partial<Client> & Pick<Client, 'clientId' | 'clientName'>): Client {
  return {
    status: 1,
    budget: 25,
    clientCategory: 'Municipal Government',
    clientType: 'City',
    state: 'OH',
    initialInterest: 1.25,
    dataGatheringFrequency: 3,
    reportFrequency: 3,
    reportCycle: 2,
    assignTo: null,
    assignees: [],
    cashVest: null,
    last12MonthAvgBalance: 1234.5,
    dataUntil: '2025-03-31',
    createdAt: '2025-01-02T12:00:00.000Z',
    updatedAt: '2025-01-02T12:00:00.000Z',
    ...overrides,
  };
}

export function accountOf(overrides: Partial<Account> & Pick<Account, 'accountId' | 'accountName'>): Account {
  return {
    clientId: 1,
    accountNumber: `000${overrides.accountId}`,
    accountAlias: 'Ops',
    accountType: 'Transaction',
    accountCategory: 'Operating',
    bankId: 5,
    bankName: 'First Bank',
    accountBalance: 1000,
    accountBalanceDate: '2025-01-01',
    lastTransactionDate: null,
    accountClosed: 0,
    accountDateClosed: null,
    dataGatheringFrequency: null,
    bankDataGatheringFrequency: 3,
    collectionType: 'Email',
    inheritedCollectionType: true,
    defaultCollectionType: 'Email',
    isStaging: false,
    sourceFileId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
