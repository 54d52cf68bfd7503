import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run cli -- …` as a child process (node --import tsx src/cli.ts), with a fresh DATA_DIR and a
 * silent log; `env` overrides the environment, an undefined value removes the variable.
 */
export async function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'cli-')),
    LOG_LEVEL: 'silent',
    ...env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete merged[key];
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
      cwd: serverDir,
      env: merged,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
