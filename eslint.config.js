import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { ENTITY_SURFACE_MESSAGE, ENTITY_SURFACE_OUTSIDE, layers } from './eslint/layers.js';
import { DOMAIN_SURFACE } from './eslint/zones.js';

/** The entity folders (src/entities/<name>/): each has its tests in tests/entities/<name>/. */
const ENTITY_FOLDERS = readdirSync(new URL('./src/entities', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'dev-dist',
      'node_modules',
      'src/client/routeTree.gen.ts',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      // One import statement per module (a type-only one may stand beside it).
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
      // A module holds one subject: past 400 lines, split it along its parts (docs/architecture.md "Layers").
      'max-lines': ['error', { max: 400 }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'src/entities/*/screen.tsx', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The layers (docs/architecture.md#layers) and the public surfaces of src/: eslint/layers.js.
  ...layers,
  {
    // Tests use an entity folder like the service does: through its index.ts.
    files: ['tests/**/*.{ts,tsx}'],
    ignores: ['tests/client/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ENTITY_SURFACE_OUTSIDE] }],
    },
  },
  // The tests of an entity folder (tests/entities/<name>/, docs/architecture.md "Tests") import any
  // module of their subject, src/entities/<name>/, and other folders through their index.ts. The
  // rule cannot compare folder names, so there is one config object per folder. Like the folder's
  // own modules, they reach a domain service through its index.ts.
  ...ENTITY_FOLDERS.map((name) => ({
    files: [`tests/entities/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DOMAIN_SURFACE,
            {
              regex: `(^|/)entities/(?!${name}/)[^/]+/`,
              message: `${ENTITY_SURFACE_MESSAGE} (The tests in tests/entities/${name}/ import any module of src/entities/${name}/, their subject.)`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Each Playwright worker has its own service (tests/e2e/fixtures.ts sets its baseURL and ports).
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts', 'tests/e2e/helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [ENTITY_SURFACE_OUTSIDE],
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message:
                "A spec takes test and expect from './fixtures': its worker's own service (baseURL, ports, data directory).",
            },
          ],
        },
      ],
    },
  },
  {
    // The console's tests import an entity's resource.ts and screen.tsx like src/client does.
    files: ['tests/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)entities/[^/]+/(?!(resource|screen)$)',
              message: `${ENTITY_SURFACE_MESSAGE} (The console's tests, like src/client, import resource.ts and screen.tsx directly.)`,
            },
          ],
        },
      ],
    },
  },
  {
    // The server project's tests share one module graph per worker (vitest.config.ts, isolate: false):
    // a module replaced in one file is already loaded, unreplaced, from another, or stays replaced.
    files: ['tests/server/**/*.ts', 'tests/entities/**/*.ts', 'tests/sim/**/*.ts', 'tests/shared/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({
          object: 'vi',
          property,
          message:
            "The server tests share one module graph (vitest.config.ts, isolate: false), so a module replaced with vi.mock may be the real one here and a replaced one in the next file: inject the dependency (the app's deps, a clock), or observe what the module does.",
        })),
      ],
    },
  },
  {
    // A test asserts behaviour: an expect() behind a condition passes silently when the condition fails.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['IfStatement', 'ConditionalExpression', 'LogicalExpression'].map((node) => ({
          selector: `${node} CallExpression[callee.name='expect']`,
          message:
            'An assertion behind a condition is skipped when the condition fails: assert the precondition, then assert unconditionally.',
        })),
      ],
    },
  },
  {
    // One test convention (docs/architecture.md "Tests"): no vitest include reads src/, so a test
    // file there would never run.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'Tests mirror the source tree under tests/: move this file to tests/<the same path> (tests/entities/<name>/ for src/entities/<name>/).',
        },
      ],
    },
  },
);
