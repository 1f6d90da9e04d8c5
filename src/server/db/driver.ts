import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';
import { lockDataDir } from './pglite-lock';
import { PgliteThread } from './pglite-thread';

type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Throwaway in-memory PGlite (tests). */
  memory?: boolean;
  /** A new PGlite (in memory, or in an empty data directory) starts from this dump (PGlite's dumpDataDir). */
  loadDataDir?: Blob;
  /** Told when a stale PGlite lock is taken over. */
  onWarn?: (message: string) => void;
}

/**
 * The extensions every PGlite opens with: pg_trgm for the lists' trigram indexes (ILIKE '%x%',
 * src/server/db/columns.ts trigramIndexes). A data directory whose tables have such an index
 * must be opened with it, so anything opening one (a test reading a service's directory) passes these;
 * pglite-worker.mjs, which opens the service's, names the same.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every replica.
const MIGRATION_LOCK = 720_401;

/** Opens PostgreSQL when a URL is given, else PGlite; applies the migrations either way. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  const release = opts.memory ? () => {} : lockDataDir(opts.dataDir, opts.onWarn);
  let client: PgliteThread | undefined;
  try {
    // In its own thread (pglite-thread.ts), which opens it with PGLITE_EXTENSIONS.
    client = await PgliteThread.open({
      dataDir: opts.memory ? undefined : join(opts.dataDir, 'pglite'),
      loadDataDir: opts.loadDataDir,
      onStopped: (err) =>
        opts.onWarn?.(`PGlite stopped (${err.message}): every database call fails until the service restarts`),
    });
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    const pg = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        try {
          await pg.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    await client?.close().catch(() => {});
    release();
    throw err;
  }
}

async function openPostgres(url: string): Promise<Database> {
  // Replicas starting together must not run the same migration twice: one session holds an
  // advisory lock while it migrates, the others wait and then find nothing left to do.
  const one = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await one`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePostgres(drizzlePostgres(one), { migrationsFolder });
    await one`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await one.end({ timeout: 5 });
  }
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  return {
    db: drizzlePostgres(sql, { schema }) as unknown as Db,
    kind: 'postgres',
    close: () => sql.end({ timeout: 5 }),
  };
}
