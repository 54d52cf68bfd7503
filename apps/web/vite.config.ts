import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './build/precompress-assets';
import { routeChunks } from './build/route-chunks';
import { screenPreloads } from './build/screen-preloads';

// The screens a first load asks for, each in a few chunks instead of about fifty (build/route-chunks.ts):
// the sign-in form's, the toast host's (notistack: the shell raises toasts, and so can a signed-out
// screen, which must not bring the shell), the signed-in shell's, what the dashboard and a client's
// profile share, and each of them. Every chunk holds only what the ones before it did not take.
const screens = routeChunks([
  { name: 'sign-in', from: ['src/features/auth/sign-in-page.tsx'] },
  { name: 'toasts', from: ['src/app/toaster.tsx'] },
  { name: 'shell', from: ['src/app/layout/app-layout.tsx'] },
  {
    name: 'screens',
    from: ['src/app/routes/dashboard-route.tsx', 'src/app/routes/client-profile-route.tsx'],
  },
  { name: 'dashboard', from: ['src/app/routes/dashboard-route.tsx'] },
  { name: 'client-profile', from: ['src/app/routes/client-profile-route.tsx'] },
]);

// The screens a signed-in user reloads or opens from a link (app-routes.tsx, SCREEN_CHUNKS): the server
// names their files in the index.html it answers at their URL (build/screen-preloads.ts).
const SHELL = 'src/app/layout/app-layout.tsx';
const preloads = screenPreloads([
  { path: '/dashboard', from: [SHELL, 'src/app/routes/dashboard-route.tsx'] },
  { path: '/client-management/:id', from: [SHELL, 'src/app/routes/client-profile-route.tsx'] },
]);

// The dev server proxies the API to the Fastify server; the build lands in apps/web/dist, which the
// server serves in production, each text file with a .br and a .gz beside it. The manifest feeds
// bench/web-bundle.bench.ts (first-load JS).
export default defineConfig({
  plugins: [react(), precompressAssets(), screens.plugin, preloads],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // A grouped module's imports are in its chunk or an earlier one already (route-chunks.ts), so
        // the group must not pull them in again: that would move the entry's modules out of it.
        codeSplitting: { includeDependenciesRecursively: false, groups: screens.groups },
      },
    },
  },
});
