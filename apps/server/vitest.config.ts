import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share one module graph per worker: each file importing the whole app afresh cost 150 s of
    // a 525 s run (326 s without). Test files keep their own state in their own test context.
    isolate: false,
  },
});
