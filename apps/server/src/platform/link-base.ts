import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type Config } from './config';

// Issue 20 point 9: the links a command prints (seed-demo's invitations) must open on the server, which
// may run with another PORT or PUBLIC_URL than the command was given. The server notes the address its
// own links use in DATA_DIR when it starts; a command without PORT or PUBLIC_URL of its own uses it.

const FILE_NAME = 'public-url';

/** Notes the address the server's links use (config.publicUrl), for the commands run later. */
export async function recordServedUrl(dataDir: string, publicUrl: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, FILE_NAME), `${publicUrl}\n`, 'utf8');
}

/** The address the server last served on, if it ever started with this DATA_DIR. */
export async function readServedUrl(dataDir: string): Promise<string | null> {
  try {
    const text = (await readFile(path.join(dataDir, FILE_NAME), 'utf8')).trim();
    return /^https?:\/\/\S+$/.test(text) ? text : null;
  } catch {
    return null;
  }
}

export interface LinkBase {
  url: string;
  /** Why this address, as the command prints it. */
  reason: string;
}

/**
 * The base of a command's links: its own PUBLIC_URL or PORT when given (as the server reads them,
 * config.ts), else the address the server last ran on, else the default the server would take.
 */
export async function chooseLinkBase(env: NodeJS.ProcessEnv): Promise<LinkBase> {
  const config = loadConfig(env);
  if (env.PUBLIC_URL) return { url: config.publicUrl, reason: 'from PUBLIC_URL' };
  if (env.PORT) return { url: config.publicUrl, reason: `from PORT=${config.PORT}` };
  const served = await readServedUrl(config.dataDir);
  if (served)
    return { url: served, reason: 'where the server last ran; set PUBLIC_URL or PORT to choose another' };
  return {
    url: config.publicUrl,
    reason: `the server's default; if you start it with PORT or PUBLIC_URL, give this command the same`,
  };
}

/** The command's configuration with its links on `base`. */
export function configWithLinkBase(env: NodeJS.ProcessEnv, base: LinkBase): Config {
  return loadConfig({ ...env, PUBLIC_URL: base.url });
}
