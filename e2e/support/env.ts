import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Set by e2e/run.ts for the spec files.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests with npm run test:e2e`);
  return value;
}

export const BASE_URL = required('E2E_BASE_URL');
export const INVITE_LINK = required('E2E_INVITE_LINK');
export const DATA_DIR = required('E2E_DATA_DIR');
export const ADMIN_EMAIL = decodeURIComponent(new URL(INVITE_LINK).pathname.split('/')[2] ?? '');
export const ARTIFACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');
