// `npm run bench`: runs every bench/*.bench.ts one after another (each prints its own figures).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort()) {
  console.log(`\n== ${file}`);
  execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
}
