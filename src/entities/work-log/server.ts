import { users } from '../user/table';
import { defineEntity } from '../../server/engine/registry';
import { dayRangeFilter } from '../work-plan/server';
import workLog from './resource';
import { requireOwnRow } from '../../server/engine/refs';
import { workLogs } from './table';

export default defineEntity({
  def: workLog,
  table: workLogs,
  filters: { logDate: dayRangeFilter(workLogs.logDate) },
  hooks: {
    // The author is the caller unless another user of the company is named; the plan is the company's.
    async beforeWrite(ctx, tx, values, _input, tenantId, existing) {
      if (values.logDate instanceof Date) values.logDate = values.logDate.toISOString().slice(0, 10);
      if (
        !existing &&
        (values.authorId === undefined || values.authorId === null) &&
        ctx.scope.tenantId === tenantId &&
        ctx.scope.userId > 0
      )
        values.authorId = ctx.scope.userId;
      if (typeof values.authorId === 'number') {
        await requireOwnRow(tx, users, values.authorId, tenantId);
      }
    },
  },
});
