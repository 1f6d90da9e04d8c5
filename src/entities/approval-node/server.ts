import { and, eq, inArray } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { APPROVAL_LEVELS, checkApprovalLevels } from '../../shared/approvals';
import { users } from '../user/table';
import { levelsOfNode } from '../../server/approvals';
import { defineEntity } from '../../server/engine/registry';
import type { Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import approvalNode from './resource';
import { approvalNodes, approvalNodeApprovers } from './table';

const levelField = (level: number) => `level${level}Approvers`;

export default defineEntity({
  def: approvalNode,
  table: approvalNodes,
  hooks: {
    // The levels given replace the stored ones; then the whole node must hold: levels in order,
    // at least two approvers, every approver a user of the company.
    async afterWrite(_ctx, tx, id, input: Row, tenantId) {
      for (const level of APPROVAL_LEVELS) {
        const given = input[levelField(level)];
        if (given === undefined) continue;
        const list = [...new Set((given as number[] | null) ?? [])];
        if (list.length) {
          const found = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, list), eq(users.tenantId, tenantId)));
          if (found.length !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
        }
        await tx
          .delete(approvalNodeApprovers)
          .where(and(eq(approvalNodeApprovers.nodeId, id), eq(approvalNodeApprovers.level, level)));
        if (list.length)
          await tx
            .insert(approvalNodeApprovers)
            .values(list.map((userId) => ({ tenantId, nodeId: id, level, userId })));
      }
      const problem = checkApprovalLevels(await levelsOfNode(tx, id));
      if (problem) fail(Code.BAD_REQUEST, problem);
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({
          nodeId: approvalNodeApprovers.nodeId,
          level: approvalNodeApprovers.level,
          userId: approvalNodeApprovers.userId,
        })
        .from(approvalNodeApprovers)
        .where(
          inArray(
            approvalNodeApprovers.nodeId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(approvalNodeApprovers.userId);
      for (const r of rows)
        for (const level of APPROVAL_LEVELS)
          r[levelField(level)] = links.filter((l) => l.nodeId === r.id && l.level === level).map((l) => l.userId);
    },
  },
});
