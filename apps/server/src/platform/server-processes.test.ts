import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const STARTUP_MS = 90_000;

/** `npm start`'s server (src/main.ts) as a child process, its JSON log lines collected. */
async function startServer(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'server-processes-')),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = ''; // shown when the server fails where it should not
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const waitFor = async (test: (line: Record<string, unknown>) => boolean, what: string) => {
    for (const started = Date.now(); Date.now() - started < STARTUP_MS;) {
      const found = lines.find(test);
      if (found) return found;
      if (child.exitCode !== null)
        throw new Error(`the server exited (${child.exitCode}) before ${what}:\n${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${what} within ${STARTUP_MS} ms:\n${stderr}`);
  };
  return { child, lines, exited, waitFor };
}

/** GET on a connection of its own, so that the cluster hands each request to the next process. */
function getOnNewConnection(port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('SERVER_PROCESSES (main.ts)', () => {
  it(
    'starts that many servers on one port, answers from each, restarts one that dies and stops them all on SIGTERM',
    async () => {
      const server = await startServer({ SERVER_PROCESSES: '2' });
      try {
        await server.waitFor((l) => l.msg === '2 server processes are listening', 'both servers listening');
        const listening = server.lines.find((l) => String(l.msg).startsWith('Server listening at'))!;
        const port = Number(/:(\d+)$/.exec(String(listening.msg))![1]);
        const listeningMsg = `Server listening at http://127.0.0.1:${port}`;
        const servers = new Set(server.lines.filter((l) => l.msg === listeningMsg).map((l) => l.pid));
        expect(servers.size).toBe(2);
        expect(servers.has(server.child.pid)).toBe(false); // the supervisor serves nothing itself

        const statuses = await Promise.all(
          Array.from({ length: 8 }, () => getOnNewConnection(port, '/api/health')),
        );
        expect(statuses).toEqual(Array(8).fill(200));
        const answeredBy = new Set(
          server.lines
            .filter((l) => (l.req as { url?: string } | undefined)?.url === '/api/health')
            .map((l) => l.pid),
        );
        expect(answeredBy).toEqual(servers);
        // The first-run work happens once: only the lead server notes where it runs.
        expect(server.lines.filter((l) => String(l.msg).startsWith('Tideline is running at'))).toHaveLength(
          1,
        );

        // One dies (after its start-up window): a new one takes its place and the port keeps answering.
        const [victim] = [...servers] as number[];
        await new Promise((r) => setTimeout(r, 10_500));
        process.kill(victim!, 'SIGKILL');
        await server.waitFor((l) => l.msg === listeningMsg && !servers.has(l.pid), 'a replacement server');
        expect(server.lines.some((l) => l.msg === 'a server process exited' && l.signal === 'SIGKILL')).toBe(
          true,
        );
        expect(await getOnNewConnection(port, '/api/health')).toBe(200);

        const pids = server.lines
          .filter((l) => String(l.msg).startsWith('Server listening at'))
          .map((l) => l.pid as number);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
        expect(pids.filter(isAlive)).toEqual([]);
      } finally {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    },
    3 * STARTUP_MS,
  );

  it(
    'stops with exit code 1 when a server fails while starting (here: its port is taken)',
    async () => {
      const taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      const { port } = taken.address() as AddressInfo;
      try {
        const server = await startServer({ SERVER_PROCESSES: '2', PORT: String(port) });
        expect(await server.exited).toBe(1);
        expect(
          server.lines.some((l) => l.msg === 'it failed while starting: stopping the other servers'),
        ).toBe(true);
      } finally {
        taken.close();
      }
    },
    STARTUP_MS,
  );

  it('keeps one process without DATABASE_URL: the embedded database lives in one process', () => {
    const env: NodeJS.ProcessEnv = { ...process.env, SERVER_PROCESSES: '4' };
    delete env.DATABASE_URL;
    expect(loadConfig(env).serverProcesses).toBe(1);
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://x@127.0.0.1/y' }).serverProcesses).toBe(4);
  });
});
