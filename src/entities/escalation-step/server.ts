import { eq } from 'drizzle-orm';
import { stepProblem } from '../../shared/alarms/escalation';
import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import type { Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import escalationStep from './resource';
import { escalationSteps } from './table';

export default defineEntity({
  def: escalationStep,
  table: escalationSteps,
  hooks: {
    // The target's own field and a channel that reaches it (rules.ts); on update, over the stored row.
    async beforeWrite(_ctx, tx, values: Row, _input, _tenantId, existing) {
      let row = values;
      if (existing) {
        const [stored] = await tx.select().from(escalationSteps).where(eq(escalationSteps.id, existing.id));
        row = { ...stored, ...values };
      }
      const problem = stepProblem(row);
      if (problem) fail(Code.BAD_REQUEST, problem);
    },
  },
});
