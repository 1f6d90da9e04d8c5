import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { canMove } from '../../shared/state-machine';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { users } from '../../server/db/schema';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import workPlan, { WORK_PLAN_MACHINE, WORK_PLAN_STATE, type PlanBar } from './resource';
import { effectiveState, today } from './server';
import { workPlans } from './table';

const tags = ['user'];
const idBody = z.object({ id: z.number().int().positive() });
const UPDATE: PermissionMark = 'workPlan:update' as PermissionMark;
/** The Gantt view draws at most this many plans. */
const TREE_MAX = 2000;

const tenantWhere = (scope: Scope) => (isPlatformScope(scope) ? undefined : eq(workPlans.tenantId, scope.tenantId));

const barColumns = {
  id: workPlans.id,
  parentId: workPlans.parentId,
  name: workPlans.name,
  superiorId: workPlans.superiorId,
  superiorName: users.name,
  startDate: workPlans.startDate,
  endDate: workPlans.endDate,
  periodDays: workPlans.periodDays,
  progress: workPlans.progress,
  state: effectiveState,
};

/**
 * Moves a plan to `to` from the state it reads in (WORK_PLAN_MACHINE; else 'noSuchTransition'):
 * completing needs every sub-plan completed ('workPlanOpenChildren') and sets the progress to
 * 100. The update is conditional on the stored state, so two users cannot both move it.
 */
async function movePlan(app: FastifyInstance, scope: Scope, id: number, to: number): Promise<PlanBar> {
  const [plan] = await app.db
    .select({ id: workPlans.id, tenantId: workPlans.tenantId, stored: workPlans.state, state: effectiveState })
    .from(workPlans)
    .where(and(eq(workPlans.id, id), tenantWhere(scope)));
  if (!plan) fail(Code.NOT_FOUND, 'notFound');
  if (!canMove(WORK_PLAN_MACHINE, Number(plan!.state), to)) fail(Code.BAD_REQUEST, 'noSuchTransition');
  if (to === WORK_PLAN_STATE.completed) {
    const [open] = await app.db
      .select({ id: workPlans.id })
      .from(workPlans)
      .where(and(eq(workPlans.parentId, id), ne(workPlans.state, WORK_PLAN_STATE.completed)))
      .limit(1);
    if (open) fail(Code.BAD_REQUEST, 'workPlanOpenChildren');
  }
  const [before] = await planBars(app, scope, id);
  const moved = await app.db
    .update(workPlans)
    .set({ state: to, ...(to === WORK_PLAN_STATE.completed ? { progress: 100 } : {}) })
    .where(and(eq(workPlans.id, id), eq(workPlans.state, plan!.stored)))
    .returning({ id: workPlans.id });
  if (!moved.length) fail(Code.BAD_REQUEST, 'noSuchTransition');
  const [after] = await planBars(app, scope, id);
  app.events.emit('resource.changed', {
    kind: workPlan.kind,
    name: workPlan.name,
    action: 'update',
    id,
    tenantId: plan!.tenantId,
    scope,
    before: { ...before },
    after: { ...after },
  });
  return after!;
}

/** The caller's plans (or one) with the name of the person in charge, in start order. */
async function planBars(app: FastifyInstance, scope: Scope, id?: number): Promise<PlanBar[]> {
  const rows = await app.db
    .select(barColumns)
    .from(workPlans)
    .leftJoin(users, eq(users.id, workPlans.superiorId))
    .where(and(tenantWhere(scope), id === undefined ? undefined : eq(workPlans.id, id)))
    .orderBy(asc(workPlans.startDate), asc(workPlans.id))
    .limit(TREE_MAX);
  return rows.map((r) => ({ ...r, state: Number(r.state) }));
}

/** /workPlan's actions beyond CRUD: the state moves and the plans for the Gantt view. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const move = (to: number, summary: string) =>
    app.post(
      `/${to === WORK_PLAN_STATE.completed ? 'complete' : to === WORK_PLAN_STATE.abnormal ? 'abnormal' : 'reopen'}`,
      { config: { mark: UPDATE }, schema: { tags, summary, body: idBody } },
      async (request, reply) => reply.ok(await movePlan(app, authed(request).scope, request.body.id, to)),
    );
  move(
    WORK_PLAN_STATE.completed,
    "Complete a plan (not completed or abnormal -> completed; 'workPlanOpenChildren' while a sub-plan is not completed)",
  );
  move(WORK_PLAN_STATE.abnormal, 'Report a plan abnormal (not completed -> abnormal)');
  move(
    WORK_PLAN_STATE.open,
    'Set a plan back to not completed (completed or reported abnormal -> not completed; an overdue plan still reads abnormal)',
  );

  app.post(
    '/tree',
    {
      config: { menus: workPlan.routes },
      schema: {
        tags,
        summary: `The company's plans and sub-plans (parentId) in start order with their state as read, at most ${TREE_MAX}: the Gantt view`,
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const rows = await planBars(app, authed(request).scope);
      return reply.ok({ rows, today: today() });
    },
  );
};

export default plugin;
