// First-load JavaScript of the sign-in route, gzipped (issue 2 "Measure"; goal at most 200 KB).
// Builds the web app (skip with WEB_BUNDLE_SKIP_BUILD=1), then follows dist/.vite/manifest.json:
// the entry chunk and its static imports, plus the lazy chunk of the sign-in route and its static
// imports, each file counted once.
//   node --import tsx bench/web-bundle.bench.ts
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const GOAL_BYTES = 200 * 1024;
const SIGN_IN_ROUTE_SOURCE = 'src/features/auth/sign-in-page.tsx';
// The toast host is requested once a user is signed in (lib/toast-host.ts), not on the sign-in form:
// shown apart. e2e/specs/02-sign-in-errors.e2e.ts checks in the browser that / does not fetch it.
const AFTER_SIGN_IN_SOURCES = ['src/app/toaster.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

if (process.env.WEB_BUNDLE_SKIP_BUILD !== '1') {
  execFileSync('npm', ['run', 'build', '-w', '@tideline/web'], { cwd: root, stdio: 'ignore' });
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

function collectStatic(key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Chunk ${key} is not in the manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) collectStatic(imported, into);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the manifest');
if (!manifest[SIGN_IN_ROUTE_SOURCE]) throw new Error(`${SIGN_IN_ROUTE_SOURCE} is not a chunk of its own`);

const files = new Set<string>();
collectStatic(entryKey, files);
collectStatic(SIGN_IN_ROUTE_SOURCE, files);
const afterSignIn = new Set<string>();
for (const source of AFTER_SIGN_IN_SOURCES) collectStatic(source, afterSignIn);
for (const file of files) afterSignIn.delete(file);

function measure(set: Set<string>) {
  let raw = 0;
  let gzip = 0;
  const rows: string[] = [];
  for (const file of [...set].sort()) {
    const content = readFileSync(path.join(dist, file));
    const gz = gzipSync(content, { level: 9 }).length;
    raw += content.length;
    gzip += gz;
    rows.push(
      `  ${file.padEnd(60)} ${(content.length / 1024).toFixed(1).padStart(8)} KB ${(gz / 1024).toFixed(1).padStart(8)} KB gz`,
    );
  }
  return { raw, gzip, rows };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const first = measure(files);
const later = measure(afterSignIn);
const rawBytes = first.raw;
const gzipBytes = first.gzip;
console.log(`Sign-in route first load (${files.size} files):`);
console.log(first.rows.join('\n'));
console.log(`Total: ${kb(rawBytes)} raw, ${kb(gzipBytes)} gzipped (goal <= ${kb(GOAL_BYTES)})`);
console.log(`Requested after signing in, the toast host: ${kb(later.gzip)} gzipped`);
console.log(later.rows.join('\n'));
// Also loaded on first visit but not part of the sign-in route: listed so the figure can be checked.
const lazyFromEntry = manifest[entryKey]?.dynamicImports ?? [];
console.log(`Lazy chunks reachable from the entry, not loaded on /: ${lazyFromEntry.length}`);
if (gzipBytes > GOAL_BYTES) {
  console.error('Over the goal.');
  process.exitCode = 1;
}
