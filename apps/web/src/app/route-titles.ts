import type { ProtectedRoute } from '@tideline/contracts/access/route-permissions';

// The name each protected screen goes by (platform.md 2.2 sidebar labels and page headers).
export const ROUTE_TITLES: Record<ProtectedRoute, string> = {
  '/dashboard': 'Home',
  '/my-account': 'My Account',
  '/user-management': 'Manage Users',
  '/client-management': 'Clients',
  '/client-management/:id': 'Client',
  '/client-management/:clientId/:accountId': 'Account',
  '/client-management/:clientId/account-group/:groupId': 'Account Group',
  '/bank-management': 'Banks',
  '/data-ingestion': 'Data Ingestion',
  '/data-ingestion/:clientId': 'Data Ingestion',
  '/investment-management': 'Investments',
  '/investment-management/investment-group/:groupId': 'Investment Group',
  '/analysis': 'Analysis',
  '/global-settings': 'Global Settings',
};
