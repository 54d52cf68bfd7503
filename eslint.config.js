import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// One zone per web feature: it may import itself, never a sibling (compose features in src/app).
const webFeatureZones = readdirSync('apps/web/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({
    target: `./apps/web/src/features/${d.name}`,
    from: './apps/web/src/features',
    except: [`./${d.name}`],
    message: 'Web features do not import each other; compose them in src/app.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/src/db/migrations/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Never parse dependencies for no-cycle: PGlite's bundled chunks overflow the parser's stack.
      'import/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import/no-cycle': ['error', { maxDepth: 10 }],
      // Features and modules do not import each other: web features compose in src/app, server
      // modules call another area's *.service.ts only (style.md "The shape").
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatureZones,
            {
              target: './packages',
              from: './apps',
              message: 'Packages never import from the apps.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web talks to the server over HTTP only; share code through packages/contracts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Toasts go through lib/toast-host.ts, which waits for the host; notistack's own enqueueSnackbar is
      // undefined until its host mounts, and importing it brings notistack into a screen's first load.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'notistack', message: "Raise toasts with lib/toast-host.ts's enqueueSnackbar." }] },
      ],
    },
  },
  {
    // The host itself, and the type-only import of notistack's message and options.
    files: ['apps/web/src/app/toaster.tsx', 'apps/web/src/lib/toast-host.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  prettier,
);
