import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ingest',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    isolate: false,
    // CI and the dev machines share 2 cores with other jobs (load 10-15): a test taking up to 6 s on a
    // quiet machine still finishes within this at 10x. Slower ones set their own (issue 40 point 8).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
