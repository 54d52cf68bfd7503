// Identity figures of issue 2: argon2id hash time, sign-in throughput (bounded by the hash), and
// GET /api/users/logged-user requests per second and p99. Run: node --import tsx bench/auth.bench.ts
// (embedded PGlite by default; set DATABASE_URL to measure on a PostgreSQL server).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generate } from 'otplib';
import { buildApp } from '../apps/server/src/app';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { openDatabase } from '../apps/server/src/db/open-database';
import { findRoleByName, insertUser } from '../apps/server/src/modules/users/users.queries';
import { seedDefaultRoles } from '../apps/server/src/modules/users/users.service';
import { loadConfig } from '../apps/server/src/platform/config';
import { createPlatform } from '../apps/server/src/platform/create-platform';
import { buildLogger } from '../apps/server/src/platform/logger';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tideline-bench-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SIGNIN_MAX_FAILURES_PER_ADDRESS: '1000000',
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
await migrateDatabase(database.db);
await seedDefaultRoles(database.db);
const platform = await createPlatform(config, database, buildLogger(config));
const app = await buildApp(platform, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

const password = 'Bench-Password-2026!';
const email = `bench.${Date.now()}@example.com`;
const hashTimes: number[] = [];
for (let i = 0; i < 6; i += 1) {
  const t = performance.now();
  await platform.hasher.hashPassword(password);
  hashTimes.push(performance.now() - t);
}
const role = await findRoleByName(database.db, 'Analyst');
await insertUser(database.db, {
  email,
  firstName: 'Bench',
  lastName: 'User',
  roleId: role!.roleId,
  passwordHash: await platform.hasher.hashPassword(password),
});

const json = async (url: string, body: unknown) =>
  (
    await fetch(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json() as Promise<Record<string, string>>;
const { session } = await json('/api/auth/sign-in', { email, password });
const { secretCode } = await json('/api/auth/mfa/setup', { session });
const { accessToken } = await json('/api/auth/mfa/verify-setup', {
  session,
  code: await generate({ secret: secretCode! }),
});

const signIn = await autocannon({
  url: `${base}/api/auth/sign-in`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
  connections: 4,
  duration: 10,
});
const logged = await autocannon({
  url: `${base}/api/users/logged-user`,
  headers: { authorization: `Bearer ${accessToken}` },
  connections: 10,
  duration: 10,
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  JSON.stringify(
    {
      database: database.mode,
      argon2: {
        memoryKiB: config.ARGON2_MEMORY_KIB,
        timeCost: config.ARGON2_TIME_COST,
        medianHashMs: Math.round(median(hashTimes.slice(1))),
      },
      signIn: { requestsPerSec: signIn.requests.average, p99Ms: signIn.latency.p99, non2xx: signIn.non2xx },
      loggedUser: {
        requestsPerSec: logged.requests.average,
        p50Ms: logged.latency.p50,
        p99Ms: logged.latency.p99,
        non2xx: logged.non2xx,
      },
    },
    null,
    2,
  ),
);
await app.close();
await platform.jobs.stop();
await database.close();
