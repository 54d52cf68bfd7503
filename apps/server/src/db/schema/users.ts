import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';

export const roles = pgTable(
  'roles',
  {
    roleId: serial('role_id').primaryKey(),
    roleName: text('role_name').notNull().unique(),
    isClientScoped: boolean('is_client_scoped').notNull().default(false),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Role names are unique regardless of case ('Admin' and 'admin' would confuse everyone).
  (t) => [uniqueIndex('roles_name_lower_key').on(sql`lower(${t.roleName})`)],
);

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId),
    // platform.md 4.5: active (1) or inactive (0).
    status: smallint('status').notNull().default(1),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    mfaSecret: text('mfa_secret'),
    mfaPendingSecret: text('mfa_pending_secret'),
    // The newest TOTP time step accepted: a code is accepted once, and never an older one.
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    // Bumped on deactivation, password change and MFA reset: access tokens carry it and stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    // Issue 43 point 5: a daily mail of the user's new and overdue exceptions, off until they turn it on.
    exceptionDigest: boolean('exception_digest').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
  ],
);

// platform.md 3 clientAssociation: which clients a user of a client-scoped role sees.
export const userClients = pgTable(
  'user_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] }), index('user_clients_client_idx').on(t.clientId)],
);

// clients-accounts-investments-reports.md 3 assignTo: the staff a client is assigned to (names on read,
// user ids on write).
export const clientAssignees = pgTable(
  'client_assignees',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_assignees_user_idx').on(t.userId)],
);
