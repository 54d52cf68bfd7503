import { defineConfig } from 'vitest/config';

// One test command for the whole workspace: each package and app is a vitest project. On CI a JSON
// report is written too, for the closing summary line.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
