import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress-assets';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(relative: string, content: string | Buffer) {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

describe('precompressDirectory', () => {
  it('writes a .br and a .gz that decompress to the text file, and skips small files and images', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const script = 'export const rows = [' + '{"amount": 1200.5, "bank": "First Bank"},'.repeat(400) + '];\n';
    const js = write('assets/index-abc123.js', script);
    const html = write('index.html', `<!doctype html><title>Tideline</title>${'<div></div>'.repeat(200)}`);
    write('assets/small-def456.css', 'a{color:red}');
    write('assets/logo-0a1b2c.png', Buffer.alloc(4096, 7));

    const compressed = precompressDirectory(dir)
      .map((f) => path.relative(dir, f))
      .sort();

    expect(compressed).toEqual(['assets/index-abc123.js', 'index.html']);
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10);
    expect(existsSync(`${html}.br`)).toBe(true);
    expect(existsSync(path.join(dir, 'assets/small-def456.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/logo-0a1b2c.png.gz'))).toBe(false);
  });

  it('keeps no compressed copy that would not be smaller than the file', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    // Random bytes do not compress: both encoders answer a few bytes more than they were given.
    const file = write('assets/noise-123abc.txt', randomBytes(8192));
    expect(precompressDirectory(dir)).toEqual([]);
    expect(existsSync(`${file}.br`)).toBe(false);
    expect(existsSync(`${file}.gz`)).toBe(false);
  });
});
