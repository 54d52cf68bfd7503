// Browser tests (issue 2 point 10): builds the web app, prepares a fresh data folder (and a fresh
// PostgreSQL database when DATABASE_URL is set) the way an operator would — `create-admin`, then
// `seed-demo` so the specs look at real transactions, then `demo-statements` into the data folder's
// demo-statements/ for the ingestion spec — starts the server on a free port, runs
// e2e/specs/*.e2e.ts one file at a time with the administrator's invitation link, then stops it.
//   npm run test:e2e                       (E2E_SKIP_BUILD=1 skips the web build)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const artifacts = path.join(root, 'e2e/artifacts');
mkdirSync(artifacts, { recursive: true });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tideline_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Runs a `npm run cli` command against the run's database; answers what it printed. */
function runCli(env: NodeJS.ProcessEnv, args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// `npm run test:e2e -- 06 08` runs only the spec files whose names contain one of the arguments.
const only = process.argv.slice(2);

async function main(): Promise<number> {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@tideline/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The web build failed');
  }

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tideline-e2e-'));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  delete env.SMTP_URL; // mails must land in the outbox the specs read

  // The administrator first (the specs enrol them from this link), then the demo data set.
  let invitePath: string;
  try {
    const created = runCli(env, [
      'create-admin',
      '--email',
      'admin@example.com',
      '--first-name',
      'Admin',
      '--last-name',
      'User',
    ]);
    const link = /\/reset-password\/[^\s"'\\]+/.exec(created)?.[0];
    if (!link) throw new Error(`create-admin printed no invitation link:\n${created}`);
    invitePath = link;
    console.log(runCli(env, ['seed-demo']).split('\nInvitation links')[0]);
    // Written now: the embedded database cannot be opened by a command while the server runs.
    console.log(runCli(env, ['demo-statements', path.join(dataDir, 'demo-statements')]).split('\n')[0]);
  } catch (error) {
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const log = createWriteStream(path.join(artifacts, 'server.log'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (chunk: Buffer) => {
      log.write(chunk);
    });
  }

  let worker: ChildProcess | undefined;
  try {
    await waitFor('GET /api/health', 120_000, async () => {
      if (server.exitCode !== null)
        throw new Error(`The server exited (${server.exitCode}); see e2e/artifacts/server.log`);
      const response = await fetch(`${baseUrl}/api/health`);
      return response.ok ? true : undefined;
    }).catch((error: unknown) => {
      if (server.exitCode !== null)
        throw new Error(`The server exited (${server.exitCode}); see e2e/artifacts/server.log`);
      throw error;
    });
    // Server mode runs jobs in separate worker processes (JOBS_IN_PROCESS is false with DATABASE_URL),
    // as in production: start one once the API has migrated the database.
    if (database) {
      worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const workerLog = createWriteStream(path.join(artifacts, 'worker.log'));
      worker.stdout?.pipe(workerLog);
      worker.stderr?.pipe(workerLog);
    }
    const specs = readdirSync(path.join(root, 'e2e/specs'))
      .filter((file) => file.endsWith('.e2e.ts'))
      .filter((file) => only.length === 0 || only.some((part) => file.includes(part)))
      .sort()
      .map((file) => path.join('e2e/specs', file));
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', ...specs],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseUrl,
          E2E_INVITE_LINK: `${baseUrl}${invitePath}`,
          E2E_DATA_DIR: dataDir,
        },
      },
    );
    return result.status ?? 1;
  } finally {
    if (worker) await stop(worker);
    await stop(server);
    log.end();
    await database?.drop().catch((error: unknown) => console.error('Could not drop the e2e database', error));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
