import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The shared contracts must stay importable by both sides.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/client/**', '**/server/**', 'react', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    // shared/media-tools runs ffmpeg (node:child_process, node:fs): the service's and the simulator's only.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/sim/**', '**/shared/media-tools'] }] },
  },
  {
    // An entity folder's resource.ts is in the console's bundle (through RESOURCES): shared code only.
    files: ['src/entities/*/resource.ts', 'src/entities/resources.gen.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/client/**',
                '**/server/**',
                '**/sim/**',
                '**/shared/media-tools',
                'react',
                'fastify',
                'drizzle-orm*',
              ],
              message:
                'resource.ts is bundled into the console: import only src/shared (server code goes in server.ts).',
            },
            {
              regex: 'shared/resources(/index)?$',
              message:
                'Import the ResourceDef type from shared/resources/types: the index includes this file (an import cycle).',
            },
            {
              group: ['./server', '../*/server'],
              message: 'resource.ts is bundled into the console: never import a server.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // An entity folder's server.ts is loaded by src/server/db/schema.ts (for its tables), so it must not import schema.ts back.
    files: ['src/entities/*/server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/sim/**'],
              message: 'server.ts runs in the service: no console or simulator code.',
            },
            {
              group: ['**/server/db/schema'],
              message:
                'schema.ts re-exports this file (an import cycle): import tables from schema-tenancy.ts or the schema-<area>.ts that declares them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The service runs without the simulator: src/main.ts starts the demo fleet beside it.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/sim/**', '**/client/**'] }] },
  },
  {
    // A test asserts behaviour: an expect() behind a condition passes silently when the condition fails.
    files: ['tests/**/*.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
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
);
