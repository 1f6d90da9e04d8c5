import { index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';
import { approvalNodes } from '../approval-node/table';

/**
 * Approval requests. `levels` is the node's approvers per level as they were at submission, so
 * editing a node changes only later requests; `level` is the one that decides now (1-based).
 * `kind` + `refId` name what the request is for (the subscriber of 'approval.decided' finds it).
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    nodeId: integer('node_id').references(() => approvalNodes.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    levels: jsonb('levels').$type<number[][]>().notNull(),
    level: smallint('level').notNull().default(1),
    /** APPROVAL_STATE: 1 pending, 2 approved, 3 rejected, 4 withdrawn. */
    state: smallint('state').notNull().default(1),
    /** The deciding comment (the last level's approval or the rejection). */
    comment: text('comment'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('approvals', t.title),
    index('approvals_tenant_id_idx').on(t.tenantId, t.id),
    index('approvals_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('approvals_tenant_kind_idx').on(t.tenantId, t.kind, t.refId),
    index('approvals_tenant_title_idx').on(t.tenantId, t.title),
    index('approvals_tenant_decided_idx').on(t.tenantId, t.decidedAt),
    index('approvals_tenant_applicant_idx').on(t.tenantId, t.applicantId),
    index('approvals_tenant_node_idx').on(t.tenantId, t.nodeId),
  ],
);

/** One decision per level of a request: who, approve or reject, the comment. */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    approverId: integer('approver_id').references(() => users.id, { onDelete: 'set null' }),
    /** STEP_RESULT: 2 approved, 3 rejected. */
    result: smallint('result').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('approval_steps_level_uq').on(t.approvalId, t.level),
    index('approval_steps_approver_idx').on(t.approverId),
  ],
);
