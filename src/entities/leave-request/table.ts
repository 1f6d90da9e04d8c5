import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { approvalNodes } from '../approval-node/table';

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
