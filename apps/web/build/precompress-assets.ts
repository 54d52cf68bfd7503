import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Under this size a compressed copy saves less than its headers cost (the server's own threshold). */
const MIN_BYTES = 1024;

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/** Writes file.br and file.gz beside the file, each only when it is smaller than the original. */
export function precompressFile(file: string): { br: number | null; gz: number | null } {
  const source = readFileSync(file);
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  const gz = gzipSync(source, { level: 9 });
  const keep = (suffix: string, bytes: Buffer) => {
    if (bytes.length >= source.length) return null;
    writeFileSync(`${file}${suffix}`, bytes);
    return bytes.length;
  };
  return { br: keep('.br', br), gz: keep('.gz', gz) };
}

/** Precompresses every text file of `dir` at maximum quality; answers the files it compressed. */
export function precompressDirectory(dir: string): string[] {
  return listFiles(dir).filter((file) => {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) return false;
    const { br, gz } = precompressFile(file);
    return br !== null || gz !== null;
  });
}

/**
 * Issue 21 point 1: the build leaves a .br and a .gz beside each text asset, made once at the highest
 * quality, which the server sends as they are (`@fastify/static` with preCompressed) instead of
 * compressing the same files on every request.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'tideline-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = precompressDirectory(outDir);
      this.info(`precompressed ${files.length} files (brotli and gzip)`);
    },
  };
}
