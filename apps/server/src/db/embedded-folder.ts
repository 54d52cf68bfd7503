import { access } from 'node:fs/promises';
import path from 'node:path';

/**
 * PGlite does not lock its folder: a second process would open it beside a running server and the two
 * would corrupt it. A running PGlite keeps `postmaster.pid` in the folder and removes it on a clean stop.
 */
export async function findEmbeddedFolderInUse(dataDir: string): Promise<string | null> {
  const pidFile = path.join(dataDir, 'pgdata', 'postmaster.pid');
  try {
    await access(pidFile);
  } catch {
    return null;
  }
  return (
    `The embedded database in ${path.join(dataDir, 'pgdata')} is in use: stop the server (npm start) first, ` +
    `then run this again. If no server is running, the last one did not stop cleanly: start it and stop it ` +
    `with Ctrl+C once (${pidFile} is then removed).`
  );
}
