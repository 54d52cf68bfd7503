import { screen } from '@testing-library/react';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { Role } from '@tideline/contracts/roles/roles.schemas';
import type { RoleOption, User } from '@tideline/contracts/users/users.schemas';
import type { FakeHandler, FakeResponse } from '../../test/fake-api';
import { openAppAs } from '../../test/open-app';

// Test data of the user management tests: two roles, two users, two clients.

export { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

export const ROLE_OPTIONS: RoleOption[] = [
  { roleId: 1, roleName: 'Admin', isClientScoped: false },
  { roleId: 4, roleName: 'Client Viewer', isClientScoped: true },
];

export const ROLES: Role[] = [
  {
    roleId: 1,
    roleName: 'Admin',
    isClientScoped: false,
    permissions: ['VIEW_USERS', 'ADD_USERS'],
    userCount: 1,
    updatedAt: '2025-01-02T10:00:00.000Z',
  },
  {
    roleId: 4,
    roleName: 'Client Viewer',
    isClientScoped: true,
    permissions: ['VIEW_DASHBOARD'],
    userCount: 1,
    updatedAt: '2025-01-02T10:00:00.000Z',
  },
];

function userOf(overrides: Partial<User> & Pick<User, 'userId' | 'firstName' | 'lastName' | 'email'>): User {
  return {
    phoneNumber: null,
    roleId: 1,
    roleName: 'Admin',
    isClientScoped: false,
    status: 1,
    permList: [],
    clientAssociation: [],
    hasPassword: true,
    mfaEnrolled: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const GRACE = userOf({
  userId: 3,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
});
export const ADA = userOf({
  userId: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+1 555 0100',
  roleId: 4,
  roleName: 'Client Viewer',
  isClientScoped: true,
  status: 0,
  clientAssociation: [{ clientId: 11, clientName: 'Acme' }],
});
export const USERS = [GRACE, ADA];
export const CLIENTS = [
  { clientId: 11, clientName: 'Acme' },
  { clientId: 12, clientName: 'Globex' },
];

export const ALL_USER_PERMISSIONS: Permission[] = [
  'VIEW_USERS',
  'ADD_USERS',
  'EDIT_USERS',
  'DEACTIVATE_USERS',
  'RESET_MFA',
  'RESEND_INVITE',
  'VIEW_ROLES',
  'EDIT_ROLES',
  'EDIT_USER_CLIENT_ASSOCIATIONS',
  'VIEW_AUDIT_LOG',
];

/** Signs in as Grace (userId 3) with the permissions and opens /user-management over the fake API. */
export function openUserManagement(
  permList: readonly Permission[],
  routes: Record<string, FakeHandler | FakeResponse> = {},
  path = '/user-management',
) {
  return openAppAs(path, permList, {
    'GET /api/users/all': { body: USERS },
    'GET /api/users/roles': { body: ROLE_OPTIONS },
    'GET /api/clients/list': { body: CLIENTS },
    'GET /api/users/client-association/7': { body: ADA.clientAssociation },
    'GET /api/users/client-association/3': { body: [] },
    'GET /api/roles': { body: ROLES },
    ...routes,
  });
}

/** Waits for the lazily loaded page: its first load in a test run transforms a large chunk. */
export function findManageUsersHeading() {
  return screen.findByRole('heading', { name: 'Manage Users', level: 1 }, { timeout: 10_000 });
}
