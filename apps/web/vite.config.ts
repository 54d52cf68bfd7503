import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './build/precompress-assets';

// The dev server proxies the API to the Fastify server; the build lands in apps/web/dist, which the
// server serves in production, each text file with a .br and a .gz beside it. The manifest feeds
// bench/web-bundle.bench.ts (first-load JS).
export default defineConfig({
  plugins: [react(), precompressAssets()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
  },
});
