import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../server/db/driver';
import type { Tx } from '../../server/engine/types';
import { LEAVE_STATE } from './resource';
import { leaveRequests } from './table';

interface ApprovedLeave {
  userId: number;
  startAt: Date;
  endAt: Date;
  type: number;
}

/**
 * Approved leave of these users of the company that overlaps [from, to) (attendance reads it):
 * pending, rejected and cancelled requests do not count. Ordered by user and start.
 */
export async function approvedLeaveFor(
  db: Db | Tx,
  tenantId: number,
  userIds: readonly number[],
  from: Date,
  to: Date,
): Promise<ApprovedLeave[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: leaveRequests.userId,
      startAt: leaveRequests.startAt,
      endAt: leaveRequests.endAt,
      type: leaveRequests.type,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.tenantId, tenantId),
        eq(leaveRequests.state, LEAVE_STATE.approved),
        inArray(leaveRequests.userId, [...userIds]),
        lt(leaveRequests.startAt, to),
        gt(leaveRequests.endAt, from),
      ),
    )
    .orderBy(asc(leaveRequests.userId), asc(leaveRequests.startAt));
}
