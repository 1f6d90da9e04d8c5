import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { appPlugins } from './vite.config';

// The entity lists (src/entities/*.gen.ts) follow the folders before any test imports them.
execFileSync(process.execPath, [fileURLToPath(new URL('./scripts/entities.mjs', import.meta.url))], { stdio: 'inherit' });

// Server tests (and the tests of the entity folders, src/entities/<name>/*.test.ts) run on Node
// with a throwaway PGlite (or PostgreSQL when DATABASE_URL is set); client tests run on jsdom with the same Lingui and router transforms as the app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts', 'src/entities/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: appPlugins(),
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
