import type { Permission } from './permissions';

// platform.md 2.1 and permissions.md "Route guards": the web route table and its view permissions.
export const ROUTE_PERMISSIONS = {
  '/dashboard': null,
  '/my-account': null,
  '/user-management': 'VIEW_USERS',
  '/client-management': 'VIEW_CLIENTS',
  '/client-management/:id': 'VIEW_CLIENTS',
  '/client-management/:clientId/:accountId': 'VIEW_CLIENTS',
  '/client-management/:clientId/account-group/:groupId': 'VIEW_ACCOUNT_GROUPS',
  '/bank-management': 'VIEW_BANKS',
  '/data-ingestion': 'VIEW_OPEN_REPORTS',
  '/data-ingestion/:clientId': 'VIEW_OPEN_REPORTS',
  '/investment-management': 'VIEW_INVESTMENTS',
  '/investment-management/investment-group/:groupId': 'VIEW_INVESTMENTS',
  '/analysis': 'VIEW_ANALYSIS',
  '/global-settings': 'VIEW_GLOBAL_SETTINGS',
  // Beyond the spec (permissions.md): the cross-client exception queue of issue 43.
  '/exceptions': 'VIEW_EXCEPTIONS',
} as const satisfies Record<string, Permission | null>;

export type ProtectedRoute = keyof typeof ROUTE_PERMISSIONS;
