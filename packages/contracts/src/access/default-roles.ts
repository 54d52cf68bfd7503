import { PERMISSIONS, permissionsOfAreas, type Permission } from './permissions';

// Default roles of permissions.md, seeded on first migration; administrators change them afterwards.
const allViews = PERMISSIONS.filter((p) => p.startsWith('VIEW_'));

function unique(list: readonly Permission[]): Permission[] {
  return [...new Set(list)];
}

export interface DefaultRole {
  roleName: string;
  isClientScoped: boolean;
  permissions: Permission[];
}

export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { roleName: 'Admin', isClientScoped: false, permissions: [...PERMISSIONS] },
  {
    roleName: 'Advisor',
    isClientScoped: false,
    permissions: unique([
      ...allViews,
      ...permissionsOfAreas([
        'Clients',
        'Banks',
        'Accounts',
        'Account groups',
        'Account links',
        'Investments',
        'Investment groups',
        'Notes',
        'Comments',
        'Negotiated rates',
        'Reports',
      ]),
      'START_REPORT',
      'DOWNLOAD_FILES',
    ]),
  },
  {
    roleName: 'Analyst',
    isClientScoped: false,
    permissions: unique([
      ...allViews,
      ...permissionsOfAreas([
        'Reporting cycle',
        'Batches',
        'Batch accounts',
        'Staging transactions',
        'Staging investments',
        'Staging fees',
        'Staging balances',
        'Staging account balances',
        'Files',
        'Templates',
        'Analysis',
        'Monte Carlo',
        'Liquidity levels',
        'Short-term model',
        'cashVest',
        'Notes',
        'Comments',
      ]),
    ]),
  },
  {
    roleName: 'Client Viewer',
    isClientScoped: true,
    permissions: [
      'VIEW_DASHBOARD',
      'VIEW_CLIENTS',
      'VIEW_ACCOUNTS',
      'VIEW_ACCOUNT_GROUPS',
      'VIEW_TRANSACTIONS',
      'VIEW_INVESTMENTS',
      'VIEW_INVESTMENT_GROUPS',
      'VIEW_REPORTS',
      'DOWNLOAD_REPORTS',
      'VIEW_NOTES',
      'ADD_NOTES',
    ],
  },
];
