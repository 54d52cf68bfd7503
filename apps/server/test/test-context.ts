import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { generate } from 'otplib';
import { inject } from 'vitest';
import { DEFAULT_ROLES } from '@tideline/contracts';
import type { App } from '../src/app';
import type { Database } from '../src/db/open-database';
import { clients, roles, userClients } from '../src/db/schema';
import type { Platform } from '../src/platform/create-platform';
import { createAdmin, SYSTEM_CONTEXT } from '../src/modules/users/users.service';
import { findRoleByName, insertUser } from '../src/modules/users/users.queries';
import { openTestApp } from './app-context';

export interface TestContext {
  app: App;
  platform: Platform;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** A real app on the run's real database (migrated by the global setup), with its own DATA_DIR. */
export async function createTestContext(
  env: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<TestContext> {
  return openTestApp(
    inject('databaseUrl'),
    // argon2id at its lowest allowed cost (8 MiB, one pass) instead of 64 MiB x 3: still the real hash
    // and verify, but the suite signs in hundreds of users and each paid two 100-170 ms hashes.
    {
      SIGNIN_MAX_FAILURES_PER_ADDRESS: '100000',
      ARGON2_MEMORY_KIB: '8192',
      ARGON2_TIME_COST: '1',
      // Tests change users, roles and associations with plain SQL and expect the next request to see it
      // at once; the cache sees such a change only when its notification arrives (its own tests wait).
      // TEST_ACCESS_CACHE_SECONDS=60 runs the suite with it on, to look for a change it would miss.
      ACCESS_CACHE_SECONDS: process.env.TEST_ACCESS_CACHE_SECONDS ?? '0',
      ...env,
    },
    { migrate: false, ...options },
  );
}

export const uniqueEmail = (prefix = 'user') => `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
export const STRONG_PASSWORD = 'Correct-Horse-42-battery';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

export async function readOutbox(ctx: TestContext, to?: string): Promise<Mail[]> {
  const dir = path.join(ctx.dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [])).sort();
  const mails = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as Mail),
  );
  return to ? mails.filter((m) => m.to === to) : mails;
}

/** The TOTP code an authenticator would show `stepOffset` steps from now. */
export function totpCode(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

export async function post(
  ctx: TestContext,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
}

/** Clients with unique names (the database is shared by every test file); answers their ids. */
export async function createClients(ctx: TestContext, count: number, prefix = 'Client'): Promise<number[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await ctx.database.db
    .insert(clients)
    .values(Array.from({ length: count }, (_, i) => ({ clientName: `${prefix} ${tag} ${i + 1}` })))
    .returning({ clientId: clients.clientId });
  return rows.map((r) => r.clientId);
}

/** A role of its own holding exactly `permissions`; answers its name for createSignedInUser. */
export async function createRole(
  ctx: TestContext,
  permissions: string[],
  isClientScoped = false,
): Promise<{ roleId: number; roleName: string }> {
  const roleName = `Test role ${randomUUID().slice(0, 8)}`;
  const [row] = await ctx.database.db
    .insert(roles)
    .values({ roleName, permissions, isClientScoped })
    .returning({ roleId: roles.roleId });
  return { roleId: row!.roleId, roleName };
}

/** One API call as `user` (or unsigned): `call(ctx, 'PUT', '/api/users/7', admin, { user })`. */
export function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: { auth: { authorization: string } } | null,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export interface SignedInUser {
  userId: number;
  email: string;
  accessToken: string;
  refreshCookie: string;
  mfaSecret: string;
  auth: { authorization: string };
}

/** Creates a user in a role with a password and runs the real sign-in + MFA enrolment through HTTP. */
export async function createSignedInUser(
  ctx: TestContext,
  roleName = 'Admin',
  clientIds: number[] = [],
): Promise<SignedInUser> {
  const email = uniqueEmail(roleName.toLowerCase().replace(/\s/g, '-'));
  const db = ctx.database.db;
  const role = await findRoleByName(db, roleName);
  if (!role)
    throw new Error(`No role ${roleName}; defaults are ${DEFAULT_ROLES.map((r) => r.roleName).join(', ')}`);
  const passwordHash = await ctx.platform.hasher.hashPassword(STRONG_PASSWORD);
  const user = await insertUser(db, {
    email,
    firstName: 'Test',
    lastName: roleName,
    roleId: role.roleId,
    passwordHash,
  });
  if (clientIds.length)
    await db.insert(userClients).values(clientIds.map((clientId) => ({ userId: user.userId, clientId })));
  const signIn = await post(ctx, '/api/auth/sign-in', { email, password: STRONG_PASSWORD });
  const { session } = signIn.json() as { session: string };
  const setup = (await post(ctx, '/api/auth/mfa/setup', { session })).json() as { secretCode: string };
  const verified = await post(ctx, '/api/auth/mfa/verify-setup', {
    session,
    code: await totpCode(setup.secretCode),
  });
  const { accessToken } = verified.json() as { accessToken: string };
  const refreshCookie = verified.cookies.find((c) => c.name === 'tideline_refresh')!.value;
  return {
    userId: user.userId,
    email,
    accessToken,
    refreshCookie,
    mfaSecret: setup.secretCode,
    auth: { authorization: `Bearer ${accessToken}` },
  };
}

export { createAdmin, SYSTEM_CONTEXT };
