import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes commit-ready SQL; the service applies it at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
