import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import { LEAVE_STATE } from '../../entities/leave-request/resource';
import { leaveRequests } from '../../entities/leave-request/table';
import type { Db } from '../db/driver';
import type { Tx } from '../engine/types';

/**
 * Approved leave of workers over a span (the contract between the leave requests,
 * src/entities/leave-request, and attendance).
 */
export type LeaveInterval = { userId: number; startAt: Date; endAt: Date; type: number };

/** Approved leave overlapping [from, to] of the users. */
export const leavesFor = (
  db: Db | Tx,
  tenantId: number,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<LeaveInterval[]> => approvedLeaveFor(db, tenantId, userIds, from, to);

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
