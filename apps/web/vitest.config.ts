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
  },
});
