// The simulated users of bench/load.bench.ts: staff users on the demo data, signed in through the real
// flow, and the reads each one cycles through.
import { generate } from 'otplib';
import pg from 'pg';
import { createPasswordHasher } from '../apps/server/src/platform/auth/password-hasher';
import { loadConfig } from '../apps/server/src/platform/config';

const PASSWORD = 'Load-Bench-Password-2026!';

export interface LoadUser {
  userId: number;
  email: string;
  /** The client whose profile, accounts and transactions this user opens. */
  clientId: number;
  /** Two of that client's accounts with transactions, one per pass of the cycle. */
  accountIds: [number, number];
}

/** An autocannon request; `name` is the call it is counted under. */
export interface LoadRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * `count` staff users (Admin, Advisor, Analyst in turn), each assigned two of the demo's clients, with
 * one password hashed once at the server's default cost; inserted as the test helpers do.
 */
export async function createLoadUsers(databaseUrl: string, count: number): Promise<LoadUser[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const defaults = loadConfig({});
    const hash = await createPasswordHasher({
      memoryCost: defaults.ARGON2_MEMORY_KIB,
      timeCost: defaults.ARGON2_TIME_COST,
    }).hashPassword(PASSWORD);
    const { rows: users } = await db.query<{ userId: number; email: string }>(
      `insert into users (first_name, last_name, email, role_id, password_hash)
       select 'Load', 'User ' || g, 'load.user.' || g || '@bench.example.com',
         (select role_id from roles where role_name = (array['Admin', 'Advisor', 'Analyst'])[1 + g % 3]), $1
       from generate_series(1, $2::int) g
       returning user_id as "userId", email`,
      [hash, count],
    );
    users.sort((a, b) => a.userId - b.userId);
    const { rows: clients } = await db.query<{ clientId: number }>(
      'select client_id as "clientId" from clients order by client_id',
    );
    const clientIds = clients.map((c) => c.clientId);
    const clientOf = (i: number) => clientIds[i % clientIds.length]!;
    await db.query(
      'insert into client_assignees (client_id, user_id) select * from unnest($1::int[], $2::int[])',
      [users.flatMap((_, i) => [clientOf(i), clientOf(i + 1)]), users.flatMap((u) => [u.userId, u.userId])],
    );
    const { rows: accounts } = await db.query<{ accountId: number; clientId: number }>(
      `select a.account_id as "accountId", a.client_id as "clientId"
       from accounts a join account_transaction_counts c using (account_id)
       where c.transaction_count > 0 order by a.account_id`,
    );
    return users.map((u, i) => {
      const own = accounts.filter((a) => a.clientId === clientOf(i));
      // Users of the same client open different accounts.
      const pick = (k: number) => own[(Math.floor(i / clientIds.length) + k) % own.length]!.accountId;
      return { ...u, clientId: clientOf(i), accountIds: [pick(0), pick(1)] };
    });
  } finally {
    await db.end();
  }
}

/** The real sign-in of every user (password, then MFA enrolment with a TOTP code), four at a time. */
export async function signInLoadUsers(base: string, users: readonly LoadUser[]): Promise<string[]> {
  const postJson = async (p: string, body: unknown) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  const tokens: string[] = [];
  for (let i = 0; i < users.length; i += 4)
    await Promise.all(
      users.slice(i, i + 4).map(async (u, k) => {
        const { session } = await postJson('/api/auth/sign-in', { email: u.email, password: PASSWORD });
        const { secretCode } = await postJson('/api/auth/mfa/setup', { session });
        const { accessToken } = await postJson('/api/auth/mfa/verify-setup', {
          session,
          code: await generate({ secret: secretCode! }),
        });
        tokens[i + k] = accessToken!;
      }),
    );
  return tokens;
}

// The Transactions tab's first page as the web asks for it (DataTable: 50 rows, the viewer's time zone).
const FIRST_PAGE = JSON.stringify({
  pageSize: 50,
  pageIndex: 0,
  filters: [],
  searchTerm: '',
  sortOrder: [],
  timeZone: 'America/New_York',
});

/**
 * A user's five reads, twice: who am I, the dashboard list (My Clients on the first pass, Reports In
 * Progress on the second), the client's profile, its accounts, an account's first transactions page
 * (another account on the second pass). Headers as a browser sends them: the token, gzip/br accepted.
 */
export function cycleOf(user: LoadUser, token: string): LoadRequest[] {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const get = (name: string, path: string): LoadRequest => ({ name, method: 'GET', path, headers });
  const dashboard = [
    get('GET /api/dashboard/users/clients/:userId', `/api/dashboard/users/clients/${user.userId}`),
    get(
      'GET /api/dashboard/users/client-reports/:userId',
      `/api/dashboard/users/client-reports/${user.userId}`,
    ),
  ];
  return user.accountIds.flatMap((accountId, pass) => [
    get('GET /api/users/logged-user', '/api/users/logged-user'),
    dashboard[pass]!,
    get('GET /api/clients/:id', `/api/clients/${user.clientId}`),
    get('GET /api/accounts/all/:clientId', `/api/accounts/all/${user.clientId}`),
    {
      name: 'POST /api/transactions/account/:accountId',
      method: 'POST',
      path: `/api/transactions/account/${accountId}`,
      headers: { ...headers, 'content-type': 'application/json' },
      body: FIRST_PAGE,
    },
  ]);
}

/** Sends every request once and checks it answers 200; answers the row counts seen per call. */
export async function checkAnswers(base: string, cycles: readonly LoadRequest[][]) {
  const rows = new Map<string, number[]>();
  for (const cycle of cycles)
    for (const r of cycle) {
      const res = await fetch(base + r.path, { method: r.method, headers: r.headers, body: r.body });
      const json = (await res.json()) as unknown;
      if (res.status !== 200) throw new Error(`${r.method} ${r.path}: ${res.status} ${JSON.stringify(json)}`);
      const count = Array.isArray(json)
        ? json.length
        : ((json as { results?: unknown[] }).results?.length ?? 1);
      rows.set(r.name, [...(rows.get(r.name) ?? []), count]);
    }
  return Object.fromEntries([...rows].map(([name, n]) => [name, `${Math.min(...n)}-${Math.max(...n)}`]));
}
