import { sql } from 'drizzle-orm';
import { ROLLUP_GRAIN } from '../../shared/rollups';
import type { Db } from './driver';
import { rowsOf } from './rows';

/**
 * `device_readings` is partitioned by month of `ts`, in UTC (migration 0020): one table per month
 * named `device_readings_pYYYYMM`, and `device_readings_default` for anything outside them. This
 * keeps the months ahead in place and, with a retention, drops whole months past it: dropping a
 * month is instant and leaves no dead rows, where a DELETE of millions of rows would not.
 */
const READINGS_PARTITION_PREFIX = 'device_readings_p';
/** Months created ahead of the current one, so a reading never lands in the default partition. */
export const MONTHS_AHEAD = 2;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const nameOf = (d: Date) =>
  `${READINGS_PARTITION_PREFIX}${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** The month partitions that exist, each with its range [from, to). */
export async function readingPartitions(db: Db): Promise<{ name: string; from: Date; to: Date }[]> {
  const res = await db.execute(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'device_readings' and c.relname like ${`${READINGS_PARTITION_PREFIX}%`}
    order by c.relname`);
  return rowsOf<{ name: string }>(res).flatMap(({ name }) => {
    const m = /^device_readings_p(\d{4})(\d{2})$/.exec(name);
    if (!m) return [];
    const year = Number(m[1]);
    const month = Number(m[2]) - 1;
    return [{ name, from: monthStart(year, month), to: monthStart(year, month + 1) }];
  });
}

/**
 * Creates the partitions of the current month and MONTHS_AHEAD after it where missing. Replicas
 * may race: a partition another one just created is not an error. Returns the names created.
 */
export async function ensureReadingPartitions(db: Db, now: number): Promise<string[]> {
  const today = new Date(now);
  const have = new Set((await readingPartitions(db)).map((p) => p.name));
  const created: string[] = [];
  for (let k = 0; k <= MONTHS_AHEAD; k++) {
    const from = monthStart(today.getUTCFullYear(), today.getUTCMonth() + k);
    const to = monthStart(today.getUTCFullYear(), today.getUTCMonth() + k + 1);
    const name = nameOf(from);
    if (have.has(name)) continue;
    await db.execute(
      sql.raw(
        `create table if not exists "${name}" partition of device_readings for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
      ),
    );
    created.push(name);
  }
  return created;
}

/**
 * Retention (RETENTION_DAYS): drops every month partition that ends before the cut, deletes older
 * rows from the month it falls in and from the default partition, and deletes minute rollups older
 * than the cut (hour and day rollups stay: they are small and keep the long charts). Returns the
 * partitions dropped and the rows deleted.
 */
export async function applyRetention(
  db: Db,
  now: number,
  days: number,
): Promise<{ dropped: string[]; deleted: number }> {
  if (days <= 0) return { dropped: [], deleted: 0 };
  const cut = new Date(now - days * 86_400_000);
  const dropped: string[] = [];
  for (const p of await readingPartitions(db)) {
    if (p.to.getTime() > cut.getTime()) continue;
    await db.execute(sql.raw(`drop table if exists "${p.name}"`));
    dropped.push(p.name);
  }
  // Only the partition holding the cut and the default one can have rows before it.
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`with d as (delete from device_readings where ts < ${cut.toISOString()}::timestamptz returning 1) select count(*)::int as n from d`,
    ),
  );
  await db.execute(
    sql`delete from reading_rollups where grain = ${ROLLUP_GRAIN.minute} and bucket < ${cut.toISOString()}::timestamptz`,
  );
  return { dropped, deleted: rows[0]?.n ?? 0 };
}
