import os from 'node:os';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // MUI, React and the app imported once per worker instead of once per file (394 s -> 294 s);
    // setup.ts resets what a file could leave behind (DOM, stubs, session, storage).
    isolate: false,
    // No database here, so files may run side by side even where the server's run one at a time (vitest
    // gives cores - 1 workers: one on CI's two cores). Two workers: 423 s -> 249 s on CI's machine. A
    // project with its own worker count needs a group of its own: it runs after the others.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { groupOrder: 1 },
  },
});
