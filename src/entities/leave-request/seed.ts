import { and, eq, sql } from 'drizzle-orm';
import { APPROVAL_STATE, STEP_RESULT } from '../../shared/approvals';
import type { Tx } from '../../server/db/driver';
import { tenants, users } from '../../server/db/schema';
import { approvals, approvalSteps } from '../approval';
import { approvalNodeApprovers, approvalNodes } from '../approval-node';
import { LEAVE_STATE, LEAVE_TYPE, LEAVE_TYPE_TABLE } from './resource';
import { leaveRequests } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const DEMO_APPROVAL_NODE = '现场审批（两级）';
/** The demo's first-level approver (the second is the demo administrator); logs in with demo123. */
export const DEMO_APPROVER = 'sitelead';
const DEMO_LEAVE_WORKER = 'worker.zhao';

/**
 * /audit and /AuditNotice on a fresh demo: a two-level node (the site lead, then the demo
 * administrator), leave requests in every state with their approvals and steps, and one waiting
 * at level 2 in the administrator's inbox (another waits at level 1 for the site lead).
 * Idempotent: a tenant that has the node is left alone.
 */
async function seedApprovals(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const [has] = await tx
    .select({ id: approvalNodes.id })
    .from(approvalNodes)
    .where(and(eq(approvalNodes.tenantId, tenantId), eq(approvalNodes.name, DEMO_APPROVAL_NODE)));
  if (has) return;
  const [admin] = await tx
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'demo')));
  if (!admin) return;
  // The demo's password (demo123) for the people added here.
  const passwordHash = admin.passwordHash;
  const person = async (username: string, name: string) => {
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (found) return found.id;
    const [row] = await tx
      .insert(users)
      .values({ tenantId, username, name, passwordHash, kind: 'user' })
      .returning({ id: users.id });
    return row!.id;
  };
  const lead = await person(DEMO_APPROVER, '李工长');
  const worker = await person(DEMO_LEAVE_WORKER, '赵师傅');
  // The site lead works the approval screens: the demo's administrator role.
  await tx.execute(
    sql`insert into user_roles (tenant_id, user_id, role_id) select ${tenantId}, ${lead}, id from roles where tenant_id = ${tenantId} and name = 'Administrator' on conflict do nothing`,
  );

  const [node] = await tx
    .insert(approvalNodes)
    .values({ tenantId, name: DEMO_APPROVAL_NODE, remark: '一级：工长；二级：管理员' })
    .returning({ id: approvalNodes.id });
  const nodeId = node!.id;
  await tx.insert(approvalNodeApprovers).values([
    { tenantId, nodeId, level: 1, userId: lead },
    { tenantId, nodeId, level: 2, userId: admin.id },
  ]);
  const levels = [[lead], [admin.id]];
  const names = new Map([
    [lead, '李工长'],
    [worker, '赵师傅'],
    [admin.id, 'Demo administrator'],
  ]);

  type Step = { level: number; by: number; result: number; comment: string };
  const requests: {
    userId: number;
    type: number;
    startDays: number;
    hours: number;
    reason: string;
    state: number;
    approval: number;
    level: number;
    steps: Step[];
  }[] = [
    {
      userId: worker,
      type: LEAVE_TYPE.sick,
      startDays: -6,
      hours: 48,
      reason: '发烧，医院开具病假证明',
      state: LEAVE_STATE.approved,
      approval: APPROVAL_STATE.approved,
      level: 2,
      steps: [
        { level: 1, by: lead, result: STEP_RESULT.approved, comment: '同意，注意休息' },
        { level: 2, by: admin.id, result: STEP_RESULT.approved, comment: '同意' },
      ],
    },
    {
      userId: worker,
      type: LEAVE_TYPE.personal,
      startDays: -3,
      hours: 8,
      reason: '家中有事',
      state: LEAVE_STATE.rejected,
      approval: APPROVAL_STATE.rejected,
      level: 1,
      steps: [{ level: 1, by: lead, result: STEP_RESULT.rejected, comment: '当天浇筑混凝土，人手不足，请改期' }],
    },
    {
      userId: lead,
      type: LEAVE_TYPE.marriage,
      startDays: 20,
      hours: 72,
      reason: '结婚',
      state: LEAVE_STATE.cancelled,
      approval: APPROVAL_STATE.withdrawn,
      level: 1,
      steps: [],
    },
    {
      userId: worker,
      type: LEAVE_TYPE.personal,
      startDays: 2,
      hours: 8,
      reason: '办理证件',
      state: LEAVE_STATE.pending,
      approval: APPROVAL_STATE.pending,
      level: 2,
      steps: [{ level: 1, by: lead, result: STEP_RESULT.approved, comment: '同意，请安排好交接' }],
    },
    {
      userId: admin.id,
      type: LEAVE_TYPE.funeral,
      startDays: 5,
      hours: 24,
      reason: '家中老人去世',
      state: LEAVE_STATE.pending,
      approval: APPROVAL_STATE.pending,
      level: 1,
      steps: [],
    },
  ];
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  for (const [i, r] of requests.entries()) {
    // 08:00 in China (00:00 UTC) on the day.
    const startAt = new Date(day + r.startDays * DAY_MS);
    const endAt = new Date(startAt.getTime() + r.hours * HOUR_MS);
    const created = new Date(Math.min(now, startAt.getTime()) - (i + 1) * DAY_MS);
    const [leave] = await tx
      .insert(leaveRequests)
      .values({
        tenantId,
        userId: r.userId,
        type: r.type,
        startAt,
        endAt,
        reason: r.reason,
        nodeId,
        state: r.state,
        createdAt: created,
      })
      .returning({ id: leaveRequests.id });
    const type = LEAVE_TYPE_TABLE.find((c) => c.value === r.type)!.cn;
    const last = r.steps.at(-1);
    const [approval] = await tx
      .insert(approvals)
      .values({
        tenantId,
        kind: 'leave',
        refId: leave!.id,
        nodeId,
        title: `${names.get(r.userId)} ${type} ${startAt.toISOString().slice(0, 10)}`,
        applicantId: r.userId,
        levels,
        level: r.level,
        state: r.approval,
        comment: r.approval === APPROVAL_STATE.pending ? null : (last?.comment ?? null),
        decidedAt:
          r.approval === APPROVAL_STATE.pending || r.approval === APPROVAL_STATE.withdrawn
            ? null
            : new Date(created.getTime() + r.steps.length * HOUR_MS),
        createdAt: created,
      })
      .returning({ id: approvals.id });
    await tx.update(leaveRequests).set({ approvalId: approval!.id }).where(eq(leaveRequests.id, leave!.id));
    if (r.steps.length)
      await tx.insert(approvalSteps).values(
        r.steps.map((s, k) => ({
          tenantId,
          approvalId: approval!.id,
          level: s.level,
          approverId: s.by,
          result: s.result,
          comment: s.comment,
          createdAt: new Date(created.getTime() + (k + 1) * HOUR_MS),
        })),
      );
  }
}

/** On a demo database seeded before approvals existed: add them to the demo site. */
async function seedApprovalsIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (site) await seedApprovals(tx, site.id);
}

export default defineSeed({
  demo: (tx, { tenantId }) => seedApprovals(tx, tenantId),
  ifMissing: seedApprovalsIfMissing,
});
