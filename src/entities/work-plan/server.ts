import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';
import { dateProblem } from '../../shared/dates';
import { Code } from '../../shared/api';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import workPlan, { planEnd, WORK_PLAN_STATE } from './resource';
import { requireOwnRow } from '../../server/engine/refs';
import { workPlans } from './table';

/**
 * Where "today" is: the operators' time zone (config TIME_ZONE) and the service's clock, taken
 * from the app when the plugin registers (tests move the clock to make a plan overdue).
 */
const planTime = { zone: 'Asia/Shanghai', now: () => Date.now() };

/** Today as YYYY-MM-DD in the operators' time zone. */
export function today(now = planTime.now(), timeZone = planTime.zone): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Today's date as a bound parameter, read when each query is built (not when this module loads). */
const todayParam: SQLWrapper = { getSQL: () => sql`cast(${today()} as date)` };

/** The state a plan reads in: abnormal when not completed and past its end date. */
export const effectiveState: SQL<number> = sql<number>`(case when ${qualified(workPlans.state)} = ${WORK_PLAN_STATE.open} and ${qualified(workPlans.endDate)} < ${todayParam} then ${WORK_PLAN_STATE.abnormal} else ${qualified(workPlans.state)} end)`;

/**
 * The range filter of a calendar-day column (`date`, read as YYYY-MM-DD): the bounds compared as
 * days, not as Date parameters (PostgreSQL's driver has no serializer for a Date bound to a date).
 */
export function dayRangeFilter(col: PgColumn): (v: unknown) => SQL | undefined {
  const bound = (x: unknown): string | undefined => {
    if (x === null || x === undefined || x === '') return undefined;
    if (typeof x !== 'string') fail(Code.BAD_REQUEST, 'filterInvalid');
    const problem = dateProblem(x as string);
    if (problem) fail(Code.BAD_REQUEST, problem);
    return (x as string).slice(0, 10).replace(/\//g, '-');
  };
  return (v) => {
    if (!Array.isArray(v) || v.length !== 2) fail(Code.BAD_REQUEST, 'filterInvalid');
    const [from, to] = [bound(v[0]), bound(v[1])];
    return and(from ? gte(col, from) : undefined, to ? lte(col, to) : undefined);
  };
}

const asDay = (v: unknown) =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : undefined;

export default defineEntity({
  def: workPlan,
  table: workPlans,
  computed: { state: effectiveState },
  filters: {
    startDate: dayRangeFilter(workPlans.startDate),
    endDate: dayRangeFilter(workPlans.endDate),
    state: (v) => {
      if (typeof v !== 'number' && typeof v !== 'string') fail(Code.BAD_REQUEST, 'filterInvalid');
      return sql`${effectiveState} = ${Number(v)}`;
    },
  },
  hooks: {
    // The person in charge is a user of the company; the parent is a plan of the company, not the
    // plan itself or one under it, and the plan lies within its dates; a plan's new dates keep its
    // sub-plans inside; the end date follows start and period.
    async beforeWrite(ctx, tx, values, input, tenantId, existing) {
      const [row] = existing ? await tx.select().from(workPlans).where(eq(workPlans.id, existing.id)) : [];
      const startDate = asDay(values.startDate) ?? row?.startDate;
      const periodDays = typeof values.periodDays === 'number' ? values.periodDays : row?.periodDays;
      if (!startDate || !periodDays) fail(Code.BAD_REQUEST, 'required');
      if (values.startDate !== undefined) values.startDate = startDate;
      const endDate = planEnd(startDate!, periodDays!);
      values.endDate = endDate;

      if (
        !existing &&
        (values.superiorId === undefined || values.superiorId === null) &&
        ctx.scope.tenantId === tenantId &&
        ctx.scope.userId > 0
      )
        values.superiorId = ctx.scope.userId;
      if (typeof values.superiorId === 'number') {
        await requireOwnRow(tx, users, values.superiorId, tenantId);
      }

      const parentId = input.parentId !== undefined ? (values.parentId as number | null | undefined) : row?.parentId;
      if (typeof parentId === 'number') {
        // Walk up from the new parent: meeting this plan means a cycle.
        let cursor: number | null = parentId;
        let parent: typeof workPlans.$inferSelect | undefined;
        for (let depth = 0; cursor !== null && depth < 64; depth++) {
          if (existing && cursor === existing.id) fail(Code.BAD_REQUEST, 'workPlanCycle');
          const [p] = await tx
            .select()
            .from(workPlans)
            .where(and(eq(workPlans.id, cursor), eq(workPlans.tenantId, tenantId)));
          if (!p) fail(Code.BAD_REQUEST, 'refInvalid');
          parent ??= p;
          cursor = p!.parentId;
        }
        if (startDate! < parent!.startDate || endDate > parent!.endDate)
          fail(Code.BAD_REQUEST, 'workPlanOutsideParent');
      }

      if (existing && row && (startDate !== row.startDate || endDate !== row.endDate)) {
        const [outside] = await tx
          .select({ id: workPlans.id })
          .from(workPlans)
          .where(
            and(
              eq(workPlans.parentId, existing.id),
              sql`(${workPlans.startDate} < ${startDate} or ${workPlans.endDate} > ${endDate})`,
            ),
          )
          .limit(1);
        if (outside) fail(Code.BAD_REQUEST, 'workPlanChildOutside');
      }
      if (!existing) values.state = WORK_PLAN_STATE.open;
    },
  },
  plugin: async (app) => {
    planTime.zone = app.config.timeZone;
    planTime.now = () => app.clock.now();
  },
});
