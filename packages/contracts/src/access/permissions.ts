// The one permission catalogue (shared/design/permissions.md). Roles hold subsets of it; routes declare
// which of these they need; the web hides what the user may not do from the same list.
export const PERMISSION_AREAS = [
  { area: 'Dashboard', permissions: ['VIEW_DASHBOARD'] },
  {
    area: 'Users',
    permissions: ['VIEW_USERS', 'ADD_USERS', 'EDIT_USERS', 'DEACTIVATE_USERS', 'RESET_MFA', 'RESEND_INVITE'],
  },
  { area: 'Roles and audit', permissions: ['VIEW_ROLES', 'EDIT_ROLES', 'VIEW_AUDIT_LOG'] },
  {
    area: 'User–client association',
    permissions: ['VIEW_USER_CLIENT_ASSOCIATIONS', 'EDIT_USER_CLIENT_ASSOCIATIONS'],
  },
  { area: 'Clients', permissions: ['VIEW_CLIENTS', 'ADD_CLIENTS', 'EDIT_CLIENTS', 'DEACTIVATE_CLIENTS'] },
  { area: 'Banks', permissions: ['VIEW_BANKS', 'ADD_BANKS', 'EDIT_BANKS', 'DEACTIVATE_BANKS'] },
  {
    area: 'Bank–client relationships',
    permissions: ['VIEW_BANK_CLIENT_RELATIONSHIPS', 'EDIT_BANK_CLIENT_RELATIONSHIPS'],
  },
  { area: 'Accounts', permissions: ['VIEW_ACCOUNTS', 'ADD_ACCOUNTS', 'EDIT_ACCOUNTS', 'DELETE_ACCOUNTS'] },
  {
    area: 'Account groups',
    permissions: [
      'VIEW_ACCOUNT_GROUPS',
      'ADD_ACCOUNT_GROUPS',
      'EDIT_ACCOUNT_GROUPS',
      'DELETE_ACCOUNT_GROUPS',
      'REMOVE_ACCOUNT_GROUP_ASSOCIATIONS',
    ],
  },
  { area: 'Account links', permissions: ['VIEW_ACCOUNT_LINKS', 'ADD_ACCOUNT_LINKS', 'EDIT_ACCOUNT_LINKS'] },
  { area: 'Transactions', permissions: ['VIEW_TRANSACTIONS', 'EDIT_TRANSACTIONS', 'DELETE_TRANSACTIONS'] },
  { area: 'Files', permissions: ['UPLOAD_FILES', 'DOWNLOAD_FILES'] },
  { area: 'Templates', permissions: ['VIEW_TEMPLATES', 'MANAGE_TEMPLATES', 'DELETE_TEMPLATES'] },
  { area: 'Reporting cycle', permissions: ['START_REPORT', 'VIEW_OPEN_REPORTS', 'DELETE_OPEN_REPORTS'] },
  {
    area: 'Batches',
    permissions: [
      'VIEW_BATCHES',
      'DELETE_BATCHES',
      'VALIDATE_BATCHES',
      'VIEW_VALIDATION_HISTORY',
      'VIEW_DATA_EXTRACTION_STATUS',
    ],
  },
  {
    area: 'Batch accounts',
    permissions: [
      'VIEW_ACCOUNT_BATCHES',
      'VALIDATE_ACCOUNT_BATCHES',
      'IGNORE_ACCOUNT_BATCHES',
      'DELETE_ACCOUNT_BATCHES',
    ],
  },
  { area: 'Staging transactions', permissions: stagingPermissions('TRANSACTIONS') },
  { area: 'Staging investments', permissions: stagingPermissions('INVESTMENTS') },
  { area: 'Staging fees', permissions: stagingPermissions('FEES') },
  { area: 'Staging balances', permissions: stagingPermissions('BALANCES') },
  {
    area: 'Staging account balances',
    permissions: [
      'VIEW_STAGING_ACCOUNT_BALANCES',
      'EDIT_STAGING_ACCOUNT_BALANCES',
      'VALIDATE_STAGING_ACCOUNT_BALANCES',
      'INVALIDATE_STAGING_ACCOUNT_BALANCES',
    ],
  },
  { area: 'Investments', permissions: ['VIEW_INVESTMENTS', 'EDIT_INVESTMENTS', 'DELETE_INVESTMENTS'] },
  {
    area: 'Investment groups',
    permissions: [
      'VIEW_INVESTMENT_GROUPS',
      'ADD_INVESTMENT_GROUPS',
      'EDIT_INVESTMENT_GROUPS',
      'DELETE_INVESTMENT_GROUPS',
      'ADD_INVESTMENT_GROUP_ASSOCIATIONS',
      'REMOVE_INVESTMENT_GROUP_ASSOCIATIONS',
    ],
  },
  { area: 'Global settings', permissions: ['VIEW_GLOBAL_SETTINGS', 'EDIT_GLOBAL_SETTINGS'] },
  {
    area: 'Keywords',
    permissions: [
      'VIEW_KEYWORDS',
      'ADD_KEYWORDS',
      'EDIT_KEYWORDS',
      'DELETE_KEYWORDS',
      'ADD_KEYWORD_CATEGORIES',
      'EDIT_KEYWORD_CATEGORIES',
      'DEACTIVATE_KEYWORD_CATEGORIES',
    ],
  },
  {
    area: 'Note categories',
    permissions: ['VIEW_NOTE_CATEGORIES', 'ADD_NOTE_CATEGORIES', 'DEACTIVATE_NOTE_CATEGORIES'],
  },
  { area: 'Quote types', permissions: ['VIEW_QUOTE_TYPES', 'ADD_QUOTE_TYPES', 'DEACTIVATE_QUOTE_TYPES'] },
  {
    area: 'Investment types',
    permissions: ['VIEW_INVESTMENT_TYPES', 'ADD_INVESTMENT_TYPES', 'DEACTIVATE_INVESTMENT_TYPES'],
  },
  {
    area: 'Institution types',
    permissions: [
      'VIEW_INSTITUTION_TYPES',
      'ADD_INSTITUTION_TYPES',
      'EDIT_INSTITUTION_TYPES',
      'DEACTIVATE_INSTITUTION_TYPES',
    ],
  },
  {
    area: 'Notes',
    permissions: [
      'VIEW_NOTES',
      'ADD_NOTES',
      'EDIT_NOTES',
      'RESOLVE_NOTES',
      'RESTORE_NOTES',
      'DELETE_NOTES',
      'VIEW_RESOLVED_NOTES',
    ],
  },
  { area: 'Comments', permissions: ['EDIT_COMMENTS', 'DELETE_COMMENTS'] },
  {
    area: 'Negotiated rates',
    permissions: [
      'VIEW_NEGOTIATED_RATES',
      'ADD_NEGOTIATED_RATES',
      'EDIT_NEGOTIATED_RATES',
      'DELETE_NEGOTIATED_RATES',
    ],
  },
  { area: 'Market data', permissions: ['VIEW_RATE_DATA', 'EDIT_RATE_DATA'] },
  {
    area: 'Analysis',
    permissions: ['VIEW_ANALYSIS', 'VIEW_ANALYSIS_OPEN_REPORTS', 'COMPLETE_ANALYSIS', 'RUN_CALCULATIONS'],
  },
  {
    area: 'Monte Carlo',
    permissions: ['VIEW_MONTE_CARLO_ANALYSIS', 'RUN_MONTE_CARLO_MODEL', 'DELETE_MONTE_CARLO_MODEL'],
  },
  { area: 'Liquidity levels', permissions: ['VIEW_LIQUIDITY_LEVELS', 'EDIT_LIQUIDITY_LEVELS'] },
  {
    area: 'Short-term model',
    permissions: ['VIEW_SHORT_TERM_MODEL', 'RUN_SHORT_TERM_MODEL', 'DELETE_SHORT_TERM_MODEL'],
  },
  { area: 'cashVest', permissions: ['VIEW_CASH_VEST_SCORES', 'EDIT_CASH_VEST_SCORES'] },
  {
    area: 'Reports',
    permissions: [
      'VIEW_REPORTS',
      'GENERATE_REPORTS',
      'DOWNLOAD_REPORTS',
      'UPLOAD_REPORTS',
      'FINALIZE_REPORTS',
      'EDIT_REPORT',
      'EDIT_REPORT_COMMENTS',
    ],
  },
  // Beyond the spec (permissions.md): the cross-client exception queue of issue 43.
  { area: 'Exceptions', permissions: ['VIEW_EXCEPTIONS', 'EDIT_EXCEPTIONS'] },
] as const;

function stagingPermissions<T extends string>(what: T) {
  return [
    `VIEW_STAGING_${what}`,
    `EDIT_STAGING_${what}`,
    `VALIDATE_STAGING_${what}`,
    `INVALIDATE_STAGING_${what}`,
    `DELETE_STAGING_${what}`,
  ] as const;
}

export type PermissionArea = (typeof PERMISSION_AREAS)[number]['area'];
export type Permission = (typeof PERMISSION_AREAS)[number]['permissions'][number];

export const PERMISSIONS: readonly Permission[] = PERMISSION_AREAS.flatMap((a) => a.permissions);

const permissionSet = new Set<string>(PERMISSIONS);

export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** platform.md 6: a user may act when holding any one of the listed permissions. */
export function hasAnyPermission(permList: readonly string[], required: readonly Permission[]): boolean {
  return required.length === 0 || required.some((p) => permList.includes(p));
}

/**
 * Whether `permList` holds every permission of `wanted` (security issue 14: nobody grants a permission
 * they do not hold). Names outside the catalogue grant nothing, so they are not asked for.
 */
export function holdsAllPermissions(permList: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((p) => !isPermission(p) || permList.includes(p));
}

export function permissionsOfAreas(areas: readonly PermissionArea[]): Permission[] {
  return PERMISSION_AREAS.filter((a) => (areas as readonly string[]).includes(a.area)).flatMap(
    (a) => a.permissions,
  );
}
