import { eq } from 'drizzle-orm';
import { APPROVAL_LEVELS } from '../../shared/approvals';
import { approvalNodeApprovers } from '../../entities/approval-node/table';
import type { Db } from '../db/driver';
import type { Tx } from '../engine/types';

/** The approver ids of a node per level ([level 1, level 2, level 3]), in id order. */
export async function levelsOfNode(db: Db | Tx, nodeId: number): Promise<number[][]> {
  const links = await db
    .select({ level: approvalNodeApprovers.level, userId: approvalNodeApprovers.userId })
    .from(approvalNodeApprovers)
    .where(eq(approvalNodeApprovers.nodeId, nodeId))
    .orderBy(approvalNodeApprovers.level, approvalNodeApprovers.userId);
  return APPROVAL_LEVELS.map((level) => links.filter((l) => l.level === level).map((l) => l.userId));
}
