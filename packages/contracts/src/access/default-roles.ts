import { PERMISSIONS, permissionsOfAreas, type Permission } from './permissions';

// Default roles of permissions.md, seeded on first migration; administrators change them afterwards.
const allViews = PERMISSIONS.filter((p) => p.startsWith('VIEW_'));

function unique(list: readonly Permission[]): Permission[] {
  return [...new Set(list)];
}

/** What the Analyst holds of the Reports area (permissions.md "Default roles"; migration 0031 for old databases). */
export const ANALYST_REPORT_PERMISSIONS = [
  'GENERATE_REPORTS',
  'DOWNLOAD_REPORTS',
  'UPLOAD_REPORTS',
  'EDIT_REPORT_COMMENTS',
] as const satisfies readonly Permission[];

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
      'EDIT_EXCEPTIONS',
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
      // Issue 42 point 4: analysts produce the quarter's report; finalizing stays with Advisors and Admins.
      ...ANALYST_REPORT_PERMISSIONS,
      'EDIT_EXCEPTIONS',
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
      'VIEW_EXCEPTIONS',
    ],
  },
];
