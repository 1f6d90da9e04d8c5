import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import {
  APPROVAL_MACHINE,
  APPROVAL_PUSH_CODE,
  APPROVAL_STATE,
  checkApprovalLevels,
  STEP_RESULT,
  type ApprovalKind,
  type ApprovalPush,
} from '../../shared/approvals';
import { canMove } from '../../shared/state-machine';
import { approvals, approvalSteps } from '../../entities/approval/table';
import { approvalNodes } from '../../entities/approval-node/table';
import type { Db } from '../db/driver';
import { users } from '../db/schema';
import type { Tx } from '../engine/types';
import { fail } from '../lib/api-error';
import { moveState } from '../engine/transition';
import { levelsOfNode } from './levels';

type Approval = typeof approvals.$inferSelect;
type ApprovalResult = 'approved' | 'rejected';

interface SubmitInput {
  tenantId: number;
  kind: ApprovalKind;
  refId: number;
  nodeId: number;
  title: string;
  applicantId: number;
}

/**
 * Opens a request inside the caller's transaction (an entity's afterWrite): the node must be the
 * tenant's and valid ('approvalNodeInvalid'); its approvers per level are copied onto the request.
 * Nobody is told yet: call `notifyPending` after the commit (submitApproval does both).
 */
export async function openApproval(tx: Db | Tx, input: SubmitInput): Promise<{ approvalId: number }> {
  const [node] = await tx
    .select({ id: approvalNodes.id })
    .from(approvalNodes)
    .where(and(eq(approvalNodes.id, input.nodeId), eq(approvalNodes.tenantId, input.tenantId)));
  if (!node) fail(Code.BAD_REQUEST, 'approvalNodeInvalid');
  const levels = (await levelsOfNode(tx, input.nodeId)).filter((l) => l.length > 0);
  if (checkApprovalLevels(levels)) fail(Code.BAD_REQUEST, 'approvalNodeInvalid');
  const [row] = await tx
    .insert(approvals)
    .values({
      tenantId: input.tenantId,
      kind: input.kind,
      refId: input.refId,
      nodeId: input.nodeId,
      title: input.title.slice(0, 200),
      applicantId: input.applicantId,
      levels,
    })
    .returning({ id: approvals.id });
  return { approvalId: row!.id };
}

/** Starts a request on the approval node `nodeId` and tells the approvers of level 1 (push 9050). */
export async function submitApproval(app: FastifyInstance, input: SubmitInput): Promise<{ approvalId: number }> {
  const opened = await app.db.transaction((tx) => openApproval(tx, input));
  await notifyPending(app, opened.approvalId);
  return opened;
}

/** The request's approvers of its current level get push 9050, if it still waits. */
export async function notifyPending(app: FastifyInstance, approvalId: number): Promise<void> {
  const [row] = await app.db.select().from(approvals).where(eq(approvals.id, approvalId));
  if (!row || row.state !== APPROVAL_STATE.pending) return;
  app.push.toUsers(row.levels[row.level - 1] ?? [], pushOf(row));
}

const pushOf = (row: Approval, result?: ApprovalResult): ApprovalPush => ({
  code: APPROVAL_PUSH_CODE,
  approvalId: row.id,
  kind: row.kind,
  title: row.title,
  level: row.level,
  ...(result ? { result } : {}),
});

async function approvalOf(db: Db | Tx, tenantId: number, id: number): Promise<Approval> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, id), eq(approvals.tenantId, tenantId)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row!;
}

/**
 * One approver's decision at the request's current level. A decided or withdrawn request, or a
 * second decision of the same person, is 'noSuchTransition'; someone who is not an approver of
 * the current level is 403 'approvalNotYourTurn'. Approval by the last level, or a rejection at
 * any, ends it: 'approval.decided' is emitted after the commit and the applicant is told; an
 * approval below the last level passes it to the next level, whose approvers are told.
 */
export async function decideApproval(
  app: FastifyInstance,
  input: { tenantId: number; approvalId: number; userId: number; result: ApprovalResult; comment?: string | null },
): Promise<Approval> {
  const comment = input.comment?.trim() || null;
  const { row, final } = await app.db.transaction(async (tx) => {
    const current = await approvalOf(tx, input.tenantId, input.approvalId);
    const last = current.level >= current.levels.length;
    const to =
      input.result === 'rejected' ? APPROVAL_STATE.rejected : last ? APPROVAL_STATE.approved : APPROVAL_STATE.pending;
    if (!canMove(APPROVAL_MACHINE, current.state, to)) fail(Code.BAD_REQUEST, 'noSuchTransition');
    const [mine] = await tx
      .select({ id: approvalSteps.id })
      .from(approvalSteps)
      .where(and(eq(approvalSteps.approvalId, current.id), eq(approvalSteps.approverId, input.userId)));
    if (mine) fail(Code.BAD_REQUEST, 'noSuchTransition');
    if (!(current.levels[current.level - 1] ?? []).includes(input.userId)) fail(Code.FORBIDDEN, 'approvalNotYourTurn');
    const final = to !== APPROVAL_STATE.pending;
    const now = new Date(app.clock.now());
    // Only from the level read above: of two approvers of one level, the second finds it moved.
    const [moved] = await tx
      .update(approvals)
      .set(final ? { state: to, comment, decidedAt: now } : { level: current.level + 1 })
      .where(
        and(
          eq(approvals.id, current.id),
          eq(approvals.state, APPROVAL_STATE.pending),
          eq(approvals.level, current.level),
        ),
      )
      .returning();
    if (!moved) fail(Code.BAD_REQUEST, 'noSuchTransition');
    await tx.insert(approvalSteps).values({
      tenantId: current.tenantId,
      approvalId: current.id,
      level: current.level,
      approverId: input.userId,
      result: input.result === 'rejected' ? STEP_RESULT.rejected : STEP_RESULT.approved,
      comment,
    });
    return { row: moved!, final };
  });
  if (final) {
    app.events.emit('approval.decided', {
      tenantId: row.tenantId,
      kind: row.kind,
      refId: row.refId,
      approvalId: row.id,
      result: input.result,
      ...(comment ? { comment } : {}),
    });
    if (row.applicantId) app.push.toUsers([row.applicantId], pushOf(row, input.result));
  } else {
    app.push.toUsers(row.levels[row.level - 1] ?? [], pushOf(row));
  }
  return row;
}

/**
 * The applicant (or, without `userId`, the module that owns the request) takes a pending request
 * back: withdrawn, no event. Anything but pending is 'noSuchTransition'.
 */
export async function withdrawApproval(
  db: Db | Tx,
  input: { tenantId: number; approvalId: number; userId?: number; kind?: ApprovalKind },
): Promise<void> {
  const row = await approvalOf(db, input.tenantId, input.approvalId);
  if (input.userId !== undefined && row.applicantId !== input.userId) fail(Code.FORBIDDEN, 'noPermission');
  // A leave or announcement withdrawn here would stay pending in its module for ever.
  if (input.kind !== undefined && row.kind !== input.kind) fail(Code.BAD_REQUEST, 'approvalWithdrawOnItsScreen');
  await moveState(
    db,
    { table: approvals, id: approvals.id, state: approvals.state },
    APPROVAL_MACHINE,
    row.id,
    APPROVAL_STATE.withdrawn,
    {
      scope: eq(approvals.tenantId, input.tenantId),
    },
  );
}

/** The pending requests of a module's row (leave, announcement), to withdraw when it goes away. */
export async function pendingOf(db: Db | Tx, tenantId: number, kind: ApprovalKind, refId: number): Promise<number[]> {
  const rows = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.tenantId, tenantId),
        eq(approvals.kind, kind),
        eq(approvals.refId, refId),
        eq(approvals.state, APPROVAL_STATE.pending),
      ),
    );
  return rows.map((r) => r.id);
}

interface InboxRow {
  id: number;
  kind: string;
  refId: number;
  title: string;
  level: number;
  levelCount: number;
  applicantId: number | null;
  applicantName: string | null;
  nodeName: string | null;
  createdAt: Date;
}

/** "To me": the tenant's pending requests whose current level names `userId`, newest first. */
export async function inboxOf(db: Db, tenantId: number, userId: number, limit = 200): Promise<InboxRow[]> {
  return db
    .select({
      id: approvals.id,
      kind: approvals.kind,
      refId: approvals.refId,
      title: approvals.title,
      level: approvals.level,
      levelCount: sql<number>`jsonb_array_length(${approvals.levels})`.mapWith(Number),
      applicantId: approvals.applicantId,
      applicantName: users.name,
      nodeName: approvalNodes.name,
      createdAt: approvals.createdAt,
    })
    .from(approvals)
    .leftJoin(users, eq(users.id, approvals.applicantId))
    .leftJoin(approvalNodes, eq(approvalNodes.id, approvals.nodeId))
    .where(
      and(
        eq(approvals.tenantId, tenantId),
        eq(approvals.state, APPROVAL_STATE.pending),
        sql`(${approvals.levels} -> (${approvals.level} - 1)) @> ${JSON.stringify(userId)}::jsonb`,
      ),
    )
    .orderBy(desc(approvals.id))
    .limit(limit);
}

interface ApprovalDetail {
  approval: Approval & { applicantName: string | null };
  levels: { level: number; approvers: { id: number; name: string }[] }[];
  steps: {
    level: number;
    approverId: number | null;
    approverName: string | null;
    result: number;
    comment: string | null;
    createdAt: Date;
  }[];
}

/** A request with its approvers per level and the history of its steps. */
export async function detailOf(db: Db, tenantId: number, approvalId: number): Promise<ApprovalDetail> {
  const row = await approvalOf(db, tenantId, approvalId);
  const ids = [...new Set([...row.levels.flat(), ...(row.applicantId ? [row.applicantId] : [])])];
  const names = new Map(
    (ids.length
      ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
      : []
    ).map((u) => [u.id, u.name]),
  );
  const steps = await db
    .select({
      level: approvalSteps.level,
      approverId: approvalSteps.approverId,
      approverName: users.name,
      result: approvalSteps.result,
      comment: approvalSteps.comment,
      createdAt: approvalSteps.createdAt,
    })
    .from(approvalSteps)
    .leftJoin(users, eq(users.id, approvalSteps.approverId))
    .where(eq(approvalSteps.approvalId, row.id))
    .orderBy(approvalSteps.level);
  return {
    approval: { ...row, applicantName: row.applicantId ? (names.get(row.applicantId) ?? null) : null },
    levels: row.levels.map((list, i) => ({
      level: i + 1,
      approvers: list.map((id) => ({ id, name: names.get(id) ?? `#${id}` })),
    })),
    steps,
  };
}
