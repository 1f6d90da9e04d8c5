import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
// From schema.ts, not the entity's index.ts: that re-exports recordPunch, which calls this module (an import cycle).
import { attendancePunches, users } from '../db/schema';
import { attendanceRecords } from '../../entities/attendance-record/table';
import { attendanceRules, type AttendanceRuleRow } from '../../entities/attendance-rule/table';
import type { Db } from '../db/driver';
import type { Tx } from '../engine/types';
import { computeDay, holidaysOf, type DayResult } from './compute';
import { daysBetween, localDayOf, localInstant } from '../../shared/attendance/days';
import { leavesFor, type LeaveInterval } from './leave';

type Worker = { id: number; departmentId: number | null };

/**
 * The enabled rule that applies to a worker: one naming the user, else one naming the user's
 * department, else the company default (a rule naming neither); the lowest id wins a tie.
 */
function ruleFor(rules: readonly AttendanceRuleRow[], worker: Worker): AttendanceRuleRow | undefined {
  const enabled = rules.filter((r) => r.status === 1).sort((a, b) => a.id - b.id);
  return (
    enabled.find((r) => r.userIds.includes(worker.id)) ??
    (worker.departmentId == null ? undefined : enabled.find((r) => r.departmentIds.includes(worker.departmentId!))) ??
    enabled.find((r) => !r.userIds.length && !r.departmentIds.length)
  );
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether a result holds anything to keep: a punch or a judged period. */
const worthKeeping = (r: DayResult) => r.punches > 0 || Object.values(r.states).some((s) => s !== null);

/** What a recompute needs: the database (or a transaction: the demo seed), the zone, now. */
interface AttendanceDeps {
  db: Db | Tx;
  timeZone: string;
  now: Date;
}

const depsOf = (app: FastifyInstance): AttendanceDeps => ({
  db: app.db,
  timeZone: app.config.timeZone,
  now: new Date(app.clock.now()),
});

interface RecomputeOptions {
  /** Only these workers (default: every active user of the tenant). */
  userIds?: number[];
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** No records exist in the span yet (the demo seed): insert them in bulk, nothing to replace. */
  fresh?: boolean;
}

/**
 * Recomputes the records of a tenant's workers over the local days [from, to]: each day is
 * computed from the day's punches, the worker's rule and approved leave (compute.ts); a day off,
 * or a day with nothing judged yet, leaves no record. Returns the records written and removed.
 */
export async function recomputeRange(
  app: FastifyInstance | AttendanceDeps,
  tenantId: number,
  from: string,
  to: string,
  opts: RecomputeOptions = {},
): Promise<{ written: number; removed: number; days: number }> {
  const deps = 'clock' in app ? depsOf(app) : app;
  const tz = deps.timeZone;
  const db = deps.db;
  const days = daysBetween(from, to);
  const workers: Worker[] = await db
    .select({ id: users.id, departmentId: users.departmentId })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.kind, 'user'),
        eq(users.status, 1),
        opts.userIds ? inArray(users.id, opts.userIds.length ? opts.userIds : [-1]) : undefined,
      ),
    )
    .orderBy(asc(users.id));
  const rules = await db.select().from(attendanceRules).where(eq(attendanceRules.tenantId, tenantId));
  const start = localInstant(from, 0, tz);
  const end = localInstant(nextDay(to), 0, tz);
  const ids = workers.map((w) => w.id);
  const punchRows = ids.length
    ? await db
        .select({ userId: attendancePunches.userId, at: attendancePunches.at })
        .from(attendancePunches)
        .where(
          and(
            eq(attendancePunches.tenantId, tenantId),
            inArray(attendancePunches.userId, ids),
            gte(attendancePunches.at, start),
            lt(attendancePunches.at, end),
          ),
        )
    : [];
  const punches = new Map<string, Date[]>();
  for (const p of punchRows) {
    const key = `${p.userId}:${localDayOf(p.at, tz)}`;
    const list = punches.get(key) ?? [];
    list.push(p.at);
    punches.set(key, list);
  }
  const leaves = new Map<number, LeaveInterval[]>();
  for (const l of await leavesFor(db, tenantId, ids, start, end))
    leaves.set(l.userId, [...(leaves.get(l.userId) ?? []), l]);
  const now = deps.now;
  let written = 0;
  let removed = 0;
  const fresh: (typeof attendanceRecords.$inferInsert)[] = [];
  for (const [di, day] of days.entries()) {
    if (opts.signal?.aborted) break;
    const rows: (typeof attendanceRecords.$inferInsert)[] = [];
    for (const w of workers) {
      const rule = ruleFor(rules, w);
      if (!rule) continue;
      const result = computeDay({
        rule: { ...rule, holidays: holidaysOf(rule.holidays) },
        day,
        punches: punches.get(`${w.id}:${day}`) ?? [],
        leaves: leaves.get(w.id) ?? [],
        now,
        timeZone: tz,
      });
      if (!result || !worthKeeping(result)) continue;
      rows.push({
        tenantId,
        userId: w.id,
        departmentId: w.departmentId,
        ruleId: rule.id,
        day,
        ...result.states,
        status: result.status,
        late: result.late,
        early: result.early,
        absent: result.absent,
        leave: result.leave,
        firstPunch: result.firstPunch,
        lastPunch: result.lastPunch,
        punches: result.punches,
        computedAt: now,
      });
    }
    if (opts.fresh) {
      fresh.push(...rows);
      written += rows.length;
      continue;
    }
    await db.transaction(async (tx) => {
      const kept = rows.map((r) => r.userId);
      const gone = await tx
        .delete(attendanceRecords)
        .where(
          and(
            eq(attendanceRecords.tenantId, tenantId),
            eq(attendanceRecords.day, day),
            inArray(attendanceRecords.userId, ids.length ? ids : [-1]),
            kept.length ? notInArray(attendanceRecords.userId, kept) : undefined,
          ),
        )
        .returning({ id: attendanceRecords.id });
      removed += gone.length;
      if (rows.length) {
        await tx
          .insert(attendanceRecords)
          .values(rows)
          .onConflictDoUpdate({
            target: [attendanceRecords.tenantId, attendanceRecords.userId, attendanceRecords.day],
            set: Object.fromEntries(
              [
                'departmentId',
                'ruleId',
                'amAtState',
                'amEndState',
                'pmAtState',
                'pmEndState',
                'eveningAtState',
                'eveningEndState',
                'status',
                'late',
                'early',
                'absent',
                'leave',
                'firstPunch',
                'lastPunch',
                'punches',
                'computedAt',
              ].map((k) => [k, sql.raw(`excluded.${attendanceRecords[k as 'status'].name}`)]),
            ),
          });
      }
    });
    written += rows.length;
    opts.onProgress?.(di + 1, days.length);
  }
  for (let i = 0; i < fresh.length; i += 1000)
    await db
      .insert(attendanceRecords)
      .values(fresh.slice(i, i + 1000))
      .onConflictDoNothing();
  return { written, removed, days: days.length };
}

/** Recomputes one worker's attendance record of one local day (after a punch). */
export async function recomputeUserDay(
  app: FastifyInstance,
  tenantId: number,
  userId: number,
  day: string,
): Promise<void> {
  await recomputeRange(app, tenantId, day, day, { userIds: [userId] });
}

/**
 * Finalisation: recomputes yesterday and today for every tenant with an enabled rule, so that a
 * workday without any punch becomes absent records once its periods are past.
 */
export async function finaliseRecent(app: FastifyInstance): Promise<number> {
  const tz = app.config.timeZone;
  const now = new Date(app.clock.now());
  const today = localDayOf(now, tz);
  const yesterday = localDayOf(new Date(now.getTime() - 86_400_000), tz);
  const tenants = await app.db
    .selectDistinct({ tenantId: attendanceRules.tenantId })
    .from(attendanceRules)
    .where(eq(attendanceRules.status, 1));
  let written = 0;
  for (const { tenantId } of tenants) written += (await recomputeRange(app, tenantId, yesterday, today)).written;
  return written;
}
