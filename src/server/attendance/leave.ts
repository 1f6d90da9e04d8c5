import { approvedLeaveFor } from '../../entities/leave-request';
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
