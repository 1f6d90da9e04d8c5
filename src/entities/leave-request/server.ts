import { and, eq } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants, users } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { openApproval } from '../../server/approvals';
import { approvalNodes } from '../approval-node/server';
import leaveRequest, { LEAVE_STATE, LEAVE_TYPE_TABLE } from './resource';

/** Leave requests (/AuditNotice); `approvalId` is the request's approval (kind 'leave'). */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** The applicant (users.id). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** LEAVE_TYPE: 1 funeral ... 6 personal. */
    type: smallint('type').notNull(),
    startAt: ts('start_at').notNull(),
    endAt: ts('end_at').notNull(),
    reason: text('reason').notNull(),
    nodeId: integer('node_id').references(() => approvalNodes.id, { onDelete: 'set null' }),
    /** LEAVE_STATE: 1 pending, 2 approved, 3 rejected, 4 cancelled. */
    state: smallint('state').notNull().default(1),
    approvalId: integer('approval_id'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('leave_requests', t.reason),
    index('leave_requests_tenant_id_idx').on(t.tenantId, t.id),
    index('leave_requests_tenant_user_idx').on(t.tenantId, t.userId, t.startAt),
    index('leave_requests_tenant_type_idx').on(t.tenantId, t.type),
    index('leave_requests_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('leave_requests_tenant_start_idx').on(t.tenantId, t.startAt),
    index('leave_requests_tenant_end_idx').on(t.tenantId, t.endAt),
    index('leave_requests_tenant_node_idx').on(t.tenantId, t.nodeId),
  ],
);

/** '2026-11-25 08:30' in the service's time zone. */
const fmt = (d: Date, timeZone: string) => d.toLocaleString('sv-SE', { timeZone }).slice(0, 16);

export default defineEntity({
  def: leaveRequest,
  table: leaveRequests,
  hooks: {
    // The applicant (the caller unless named) is a user of the company; the end comes after the
    // start; only a pending request may change; a new one starts on a pending state.
    async beforeWrite(ctx, tx, values, _input, tenantId, existing) {
      let start = values.startAt as Date | undefined;
      let end = values.endAt as Date | undefined;
      if (existing) {
        const [row] = await tx.select().from(leaveRequests).where(eq(leaveRequests.id, existing.id));
        if (row!.state !== LEAVE_STATE.pending) fail(Code.BAD_REQUEST, 'noSuchTransition');
        start ??= row!.startAt;
        end ??= row!.endAt;
      } else {
        values.userId ??= ctx.scope.userId;
        values.state = LEAVE_STATE.pending;
      }
      if (start && end && end.getTime() <= start.getTime()) fail(Code.BAD_REQUEST, 'rangeInvalid');
      if (typeof values.userId === 'number') {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, values.userId), eq(users.tenantId, tenantId)));
        if (!u) fail(Code.BAD_REQUEST, 'refInvalid');
      }
    },
    // A new request opens its approval in the same transaction (the node must be the company's);
    // the plugin tells the approvers once it committed.
    async afterWrite(ctx, tx, id, input, tenantId) {
      if (input.id !== undefined) return;
      const [row] = await tx
        .select({
          userId: leaveRequests.userId,
          type: leaveRequests.type,
          startAt: leaveRequests.startAt,
          endAt: leaveRequests.endAt,
          nodeId: leaveRequests.nodeId,
          name: users.name,
        })
        .from(leaveRequests)
        .innerJoin(users, eq(users.id, leaveRequests.userId))
        .where(eq(leaveRequests.id, id));
      if (!row?.nodeId) fail(Code.BAD_REQUEST, 'approvalNodeInvalid');
      const type = LEAVE_TYPE_TABLE.find((c) => c.value === row!.type)?.cn ?? '';
      const title = `${row!.name} ${type} ${fmt(row!.startAt, ctx.app.config.timeZone)} ~ ${fmt(row!.endAt, ctx.app.config.timeZone)}`;
      const { approvalId } = await openApproval(tx, {
        tenantId,
        kind: 'leave',
        refId: id,
        nodeId: row!.nodeId!,
        title,
        applicantId: row!.userId,
      });
      await tx.update(leaveRequests).set({ approvalId }).where(eq(leaveRequests.id, id));
    },
  },
});
