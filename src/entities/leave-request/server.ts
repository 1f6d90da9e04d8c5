import { and, eq } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { users } from '../user/table';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { openApproval } from '../../server/approvals';
import leaveRequest, { LEAVE_STATE, LEAVE_TYPE_TABLE } from './resource';
import { leaveRequests } from './table';

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
