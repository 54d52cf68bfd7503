import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The shared conformance corpus: ../shared/fixtures relative to the repository root. */
export const SHARED_STATEMENTS = resolve(here, '../../../../shared/fixtures/statements');
/** Our own small edge-case fixtures, each named for what it exercises. */
export const OWN_FIXTURES = resolve(here, 'fixtures');

export function readShared(relativePath: string): Buffer {
  return readFileSync(resolve(SHARED_STATEMENTS, relativePath));
}

export function readOwn(name: string): Buffer {
  return readFileSync(resolve(OWN_FIXTURES, name));
}
