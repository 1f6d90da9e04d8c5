import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { appPlugins } from './vite.config.ts';

// The entity lists (src/entities/*.gen.ts) follow the folders before any test imports them.
execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/entities.mjs', import.meta.url))], {
  stdio: 'inherit',
});

/** Client tests that run with the browser in another time zone than the tenant's. */
const TZ_TESTS = 'tests/client/**/*.tz.test.{ts,tsx}';

/**
 * Client test files that replace a module (vi.mock), or say `@isolated` because they test a
 * module's first use: they run with a module graph of their own, since a module mocked or used in
 * one file would stay so for the next file of a shared graph.
 */
const CLIENT_TESTS = fileURLToPath(new URL('./tests/client', import.meta.url));
const MOCKING_CLIENT_TESTS = (readdirSync(CLIENT_TESTS, { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f) && !/\.tz\.test\./.test(f))
  .filter((f) => /\bvi\.(do)?mock\(|@isolated\b/.test(readFileSync(join(CLIENT_TESTS, f), 'utf8')))
  .map((f) => `tests/client/${f}`)
  .sort();

// Server tests (and the tests of the entity folders, tests/entities/<name>/*.test.ts) run on Node
// with a throwaway PGlite (or PostgreSQL when DATABASE_URL is set); client tests run on jsdom with the same Lingui and router transforms as the app.
export default defineConfig({
  test: {
    // Vitest 4 runs availableParallelism - 1 workers unless told: one worker on a 2-core CI
    // machine, with the other core idle (the test files wait on their own app, not on each other).
    maxWorkers: availableParallelism(),
    // VT_JSON=<file>: each file's and test's time as JSON too (docs/performance.md's figures).
    reporters: process.env.VT_JSON ? ['default', ['json', { outputFile: process.env.VT_JSON }]] : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/sim/**/*.test.ts',
            'tests/shared/**/*.test.ts',
            'tests/entities/**/*.test.ts',
          ],
          // One module graph per worker, not per file: importing the service took about 5 s of
          // each file's time (the server suite: 1,118 s isolated, 672 s shared, on 2 cores). Each
          // file builds and closes its own app; the service keeps no state at module level.
          isolate: false,
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/worker-broker.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: appPlugins(),
        test: {
          name: 'client',
          environment: 'jsdom',
          // Worker threads start faster than forked processes: 232 s against 301 s for the client files.
          pool: 'threads',
          // One module graph and one jsdom per worker, not per file: importing React, Mantine and
          // the screens and building a jsdom took 330 of the 310 s x 2 workers the isolated files
          // took (133 s shared). setup.ts clears what a file leaves behind (the DOM, storage,
          // notifications, the request mocks).
          isolate: false,
          // A global a file stubs (fetch, location) is put back after each test.
          unstubGlobals: true,
          include: ['tests/client/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, TZ_TESTS, ...MOCKING_CLIENT_TESTS],
          setupFiles: ['tests/client/setup.ts', 'tests/client/shared-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: appPlugins(),
        test: {
          name: 'client-mocks',
          environment: 'jsdom',
          pool: 'threads',
          include: MOCKING_CLIENT_TESTS,
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The console in a browser far from the tenant (docs/decisions.md "Time zones"). A zone
        // set in a worker thread does not reach its dates, so these files run in a forked process
        // whose zone is New York; any client test can also run under `TZ=<zone> npx vitest run`.
        plugins: appPlugins(),
        test: {
          name: 'client-tz',
          environment: 'jsdom',
          pool: 'forks',
          env: { TZ: 'America/New_York' },
          include: [TZ_TESTS],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
