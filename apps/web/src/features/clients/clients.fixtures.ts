import { screen } from '@testing-library/react';
import type { InitialEntry } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { BankClientRelationship } from '@tideline/contracts/clients/clients.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

// Test data of the client tests: two clients, one bank relationship.

export { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
export { clientOf } from '../../test/fixture-records';
import { clientOf } from '../../test/fixture-records';

export const ACME = clientOf({
  clientId: 1,
  clientName: 'Acme',
  cashVest: 72,
  assignTo: ['Olive Former'],
  assignees: [{ userId: 12, name: 'Olive Former' }],
});
export const GLOBEX = clientOf({ clientId: 2, clientName: 'Globex', status: 0 });
export const CLIENTS = [ACME, GLOBEX];

export const RELATIONSHIP: BankClientRelationship = {
  bankClientRelId: 5,
  clientId: 1,
  bankId: 3,
  bankName: 'First National',
  numOfAccounts: 2,
  avgBalance12Months: 0,
  createdAt: '2025-01-03T12:00:00.000Z',
  updatedAt: '2025-02-04T12:00:00.000Z',
  status: 1,
  collectionType: 'File Upload',
};

export const ALL_CLIENT_PERMISSIONS: Permission[] = [
  'VIEW_CLIENTS',
  'ADD_CLIENTS',
  'EDIT_CLIENTS',
  'DEACTIVATE_CLIENTS',
  'VIEW_BANK_CLIENT_RELATIONSHIPS',
  'EDIT_BANK_CLIENT_RELATIONSHIPS',
  'VIEW_ACCOUNTS',
  'VIEW_ACCOUNT_GROUPS',
  'VIEW_INVESTMENTS',
  'VIEW_REPORTS',
  'VIEW_TEMPLATES',
  'MANAGE_TEMPLATES',
  'DELETE_TEMPLATES',
];

/** Signs in with the permissions and opens the path over the fake API with the client routes. */
export function openClients(
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  path: InitialEntry = '/client-management',
) {
  return openAppAs(path, permList, {
    'GET /api/clients/all': { body: CLIENTS },
    'GET /api/clients/1': { body: ACME },
    'GET /api/clients/assignable-users': {
      body: [
        { userId: 11, name: 'Ada Advisor', status: 1 },
        { userId: 12, name: 'Olive Former', status: 0 },
        { userId: 13, name: 'Otto Gone', status: 0 },
      ],
    },
    'GET /api/clients/categories': { body: ['Municipal Government', 'Education'] },
    'GET /api/clients/types': { body: ['City', 'County'] },
    'GET /api/clients/allowed-report-frequencies': { body: [1, 2, 3, 4, 6, 12] },
    'GET /api/clients/report-status/1': {
      body: [
        {
          reportStatus: 'Reported',
          lastReportDate: '2025-03-31',
          openBatchCount: 0,
          reportStartDate: null,
          reportEndDate: null,
          reportDueDate: null,
          ingestionStatus: 'Not Started',
          analysisOpenReportId: null,
        },
      ],
    },
    'GET /api/clients/banks/all/1': { body: [RELATIONSHIP] },
    'GET /api/banks/list': {
      body: [
        { bankId: 3, bankName: 'First National' },
        { bankId: 4, bankName: 'Second State' },
      ],
    },
    ...routes,
  });
}

export function findHeading(name: string) {
  return screen.findByRole('heading', { name, level: 1 }, { timeout: 10_000 });
}
