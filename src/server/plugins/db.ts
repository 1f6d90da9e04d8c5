import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHasher } from '../auth/passwords';
import { openDatabase, type Database } from '../db/driver';
import { seed } from '../db/seed';

/**
 * Opens the database (PGlite or PostgreSQL), applies migrations and seeds an empty one. Tests may
 * hand in one they opened themselves (from the seeded template, tests/server/template-db.ts).
 */
async function db(app: FastifyInstance, opts: { database?: Database }) {
  const { config } = app;
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      memory: config.memoryDb,
      onWarn: (m) => app.log.warn(m),
    }));
  app.addHook('onClose', () => database.close());
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('hasher', createHasher(config.argon2));
  app.decorate(
    'seedResult',
    await seed(database.db, {
      hasher: app.hasher,
      production: config.env === 'production',
      adminPassword: config.adminPassword,
    }),
  );
}

export default fp(db, { name: 'db' });
