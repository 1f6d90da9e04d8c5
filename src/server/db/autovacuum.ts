import { sql } from 'drizzle-orm';
import type { Db } from './driver';
import { rowsOf } from './rows';

/**
 * PGlite runs PostgreSQL without its background workers, so nothing ever vacuums or analyzes:
 * planner statistics stay as they were at the first query and counts cannot use index-only
 * scans. This applies PostgreSQL's own autovacuum rule (a table is due when the rows changed
 * since its last analyze exceed 50 + 10 % of its rows, or its dead rows 50 + 20 %) from the
 * housekeeping timer, one table at a time. PostgreSQL does this itself; it is never called there.
 */
export async function tablesDue(db: Db): Promise<string[]> {
  // Counters of this backend's own writes reach pg_stat only when flushed.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const res = await db.execute(sql`
    select relname as name from pg_stat_user_tables
    where n_mod_since_analyze > 50 + 0.1 * n_live_tup or n_dead_tup > 50 + 0.2 * n_live_tup
    order by n_mod_since_analyze + n_dead_tup desc`);
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

/** Vacuums and analyzes every due table; returns their names. */
export async function vacuumDue(db: Db): Promise<string[]> {
  const due = await tablesDue(db);
  for (const name of due) await db.execute(sql.raw(`vacuum (analyze) "${name.replace(/"/g, '""')}"`));
  return due;
}
