import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './env';

// e2e/run.ts writes `npm run cli -- demo-statements` into the data folder before the server starts
// (the embedded database takes no second user while the server runs).
const DEMO_STATEMENTS_DIR = path.join(DATA_DIR, 'demo-statements');

export interface DemoStatementFile {
  /** The file's name, as the upload shows it. */
  name: string;
  path: string;
  sizeBytes: number;
}

/** The statement files written for one client's relationship: `<client slug>/<bank slug>/`. */
export function listDemoStatements(clientSlug: string, bankSlug: string): DemoStatementFile[] {
  const dir = path.join(DEMO_STATEMENTS_DIR, clientSlug, bankSlug);
  return readdirSync(dir)
    .sort()
    .map((name) => ({ name, path: path.join(dir, name), sizeBytes: statSync(path.join(dir, name)).size }));
}
