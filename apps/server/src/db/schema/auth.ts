import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Invitation and password-reset codes: random, stored hashed, single use, expiring.
export const authCodes = pgTable(
  'auth_codes',
  {
    codeId: serial('code_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['invite', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId)],
);

// Refresh tokens rotate on use; a family is all tokens descended from one sign-in, so reuse of a rotated
// token revokes the whole family (someone copied it).
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenId: serial('token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

// Failed sign-ins, counted per account key and per address over a sliding window. Kept in the database
// so the limit holds across any number of API processes.
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    failureId: serial('failure_id').primaryKey(),
    // account: wrong passwords per email; address: any failure per client address; mfa: wrong codes per
    // user id, which a correct password does not clear; link: wrong invitation or reset links per email.
    scope: text('scope', { enum: ['account', 'address', 'mfa', 'link'] }).notNull(),
    key: text('key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_failures_key_idx').on(t.scope, t.key, t.failedAt)],
);

// One row per completed sign-in, keyed by its refresh-token family. Every access token names it (sid) and
// the access hook checks it on each request, so revoking it ends that sign-in's access tokens at once;
// expires_at is the absolute lifetime (SESSION_MAX_HOURS) that refreshing never extends.
export const sessions = pgTable(
  'sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// The sign-in `session` tokens (jti) that completed a sign-in: each works once, across every API process.
// Rows outlive their token's expiry only until the next sign-in sweeps them.
export const usedMfaSessions = pgTable(
  'used_mfa_sessions',
  {
    jti: uuid('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_mfa_sessions_expires_idx').on(t.expiresAt)],
);

// Instance-wide secrets generated on first start when not configured (AUTH_SECRET), shared by every process.
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
