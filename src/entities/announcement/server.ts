import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { rowsOf } from '../../server/db/rows';
import { departments } from '../department/table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import announcement, { ANNOUNCEMENT_EDITABLE, ANNOUNCEMENT_SCOPE, ANNOUNCEMENT_STATE, NEED_APPROVAL } from './resource';
import { announcements, announcementRecipients } from './table';

const recipientsOf = (read: boolean) =>
  sql<number>`(select count(*)::int from ${announcementRecipients} where ${qualified(announcementRecipients.announcementId)} = ${qualified(announcements.id)}${read ? sql` and ${qualified(announcementRecipients.readAt)} is not null` : sql``})`;

/** Departments, roles and users named must be the company's; another's is 'refInvalid'. */
async function takeTargets(tx: Tx, values: Row, input: Row, tenantId: number): Promise<void> {
  for (const field of ['departmentIds', 'roleIds', 'userIds'] as const) {
    const given = input[field];
    if (given === undefined) continue;
    const list = [...new Set(Array.isArray(given) ? (given as number[]) : [])];
    if (list.length) {
      const found =
        field === 'departmentIds'
          ? await tx
              .select({ n: count() })
              .from(departments)
              .where(and(eq(departments.tenantId, tenantId), inArray(departments.id, list)))
          : field === 'userIds'
            ? await tx
                .select({ n: count() })
                .from(users)
                .where(and(eq(users.tenantId, tenantId), inArray(users.id, list)))
            : rowsOf<{ n: number }>(
                await tx.execute(
                  sql`select count(*)::int as n from roles where tenant_id = ${tenantId} and id in (${sql.join(
                    list.map((id) => sql`${id}`),
                    sql`, `,
                  )})`,
                ),
              );
      if (Number(found[0]?.n) !== list.length) fail(Code.BAD_REQUEST, 'refInvalid');
    }
    values[field] = list;
  }
}

/** A named-recipients announcement names someone; one that needs approval names its node. */
function checkShape(v: Row): void {
  const none = ['departmentIds', 'roleIds', 'userIds'].every(
    (f) => !Array.isArray(v[f]) || (v[f] as unknown[]).length === 0,
  );
  if (Number(v.scope) === ANNOUNCEMENT_SCOPE.recipients && none) fail(Code.BAD_REQUEST, 'announcementNoRecipients');
  if (Number(v.needApproval) === NEED_APPROVAL.needed && !v.approvalNodeId)
    fail(Code.BAD_REQUEST, 'approvalNodeRequired');
}

export default defineEntity({
  def: announcement,
  table: announcements,
  columns: {
    departmentIds: announcements.departmentIds,
    roleIds: announcements.roleIds,
    userIds: announcements.userIds,
  },
  computed: { recipientCount: recipientsOf(false), readCount: recipientsOf(true) },
  hooks: {
    // A new one is a draft by its creator; only a draft (or a rejected or withdrawn one, which the
    // edit makes a draft again) may change: what was submitted or published stays as it went out.
    async beforeWrite(ctx, tx, values, input, tenantId, existing) {
      if (!existing) {
        values.state = ANNOUNCEMENT_STATE.draft;
        values.publisherId = ctx.scope.userId || null;
        const [me] = ctx.scope.userId
          ? await tx
              .select({ name: users.name, username: users.username })
              .from(users)
              .where(eq(users.id, ctx.scope.userId))
          : [];
        values.publisherName = me ? me.name || me.username : null;
        await takeTargets(tx, values, input, tenantId);
        checkShape(values);
        return;
      }
      const [row] = await tx.select().from(announcements).where(eq(announcements.id, existing.id));
      if (!row) return;
      if (!ANNOUNCEMENT_EDITABLE.includes(row.state)) fail(Code.BAD_REQUEST, 'announcementLocked');
      await takeTargets(tx, values, input, tenantId);
      checkShape({ ...row, ...values });
      values.state = ANNOUNCEMENT_STATE.draft;
      values.approvalId = null;
      values.reviewerName = null;
      values.reviewComment = null;
      values.reviewedAt = null;
    },
  },
});
