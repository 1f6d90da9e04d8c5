import { and, eq } from 'drizzle-orm';
import { tenants } from '../../server/db/schema';
import type { Tx } from '../../server/engine/types';
import { recomputeRange } from '../../server/attendance';
import { localDayOf } from '../../shared/attendance/days';
import { attendancePunches } from '../attendance-punch';
import { attendanceRules } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

/** The demo's zone: the service's default TIME_ZONE (the seed runs before any configuration reaches it). */
const DEMO_ZONE = 'Asia/Shanghai';
const DEMO_RULE = '工地考勤';
/** Days back from today the demo's records are computed for (the seeded month of punches). */
const DEMO_DAYS = 35;

/**
 * The demo site's attendance: its rule (Monday to Friday, four punches: in by 08:00, late up to
 * 08:30, lunch 12:00-13:30, out from 17:30, the demo workers' day of
 * src/shared/attendance/workday.ts) applying to the workers who punch, and the records of the last
 * five weeks computed from the seeded punches and approved leave. Runs after the workers' and the
 * leave seeds; idempotent (the rule once, the records recomputed).
 */
async function seedAttendance(tx: Tx, tenantId: number): Promise<void> {
  const [have] = await tx
    .select({ id: attendanceRules.id })
    .from(attendanceRules)
    .where(and(eq(attendanceRules.tenantId, tenantId), eq(attendanceRules.name, DEMO_RULE)));
  if (!have) {
    // The workers are whoever punches on the site (src/server/db/seed-workers.ts); without any, everyone.
    const workers = await tx
      .selectDistinct({ userId: attendancePunches.userId })
      .from(attendancePunches)
      .where(eq(attendancePunches.tenantId, tenantId));
    await tx.insert(attendanceRules).values({
      tenantId,
      name: DEMO_RULE,
      punchCount: 4,
      type: 1,
      amStart: '08:00',
      amLate: '08:30',
      amEnd: '12:00',
      pmStart: '13:30',
      pmLate: '14:00',
      pmEnd: '17:30',
      holidays: '',
      userIds: workers.map((w) => w.userId).sort((a, b) => a - b),
    });
  }
  const now = new Date();
  const to = localDayOf(now, DEMO_ZONE);
  const from = localDayOf(new Date(now.getTime() - DEMO_DAYS * 86_400_000), DEMO_ZONE);
  await recomputeRange({ db: tx, timeZone: DEMO_ZONE, now }, tenantId, from, to, { fresh: !have });
}

/** On an existing demo database: the rule and records if the site has no attendance rule yet. */
async function seedAttendanceIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (!site) return;
  const [any] = await tx
    .select({ id: attendanceRules.id })
    .from(attendanceRules)
    .where(eq(attendanceRules.tenantId, site.id))
    .limit(1);
  if (!any) await seedAttendance(tx, site.id);
}

export default defineSeed({
  // The records are computed from the workers' punches (a core seed) and the approved leave.
  after: ['leave-request'],
  demo: (tx, { tenantId }) => seedAttendance(tx, tenantId),
  ifMissing: seedAttendanceIfMissing,
});
