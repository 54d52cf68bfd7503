import { defineConfig } from 'vitest/config';

// One test command for the whole workspace: each package and app is a vitest project.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/server', 'apps/web'],
  },
});
