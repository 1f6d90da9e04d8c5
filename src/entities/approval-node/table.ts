import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** Approval nodes (/audit): a name; the approvers of each level are in approval_node_approvers. */
export const approvalNodes = pgTable(
  'approval_nodes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('approval_nodes', t.name),
    index('approval_nodes_tenant_id_idx').on(t.tenantId, t.id),
    index('approval_nodes_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

/** The approvers of a node's level (1..3): users of the node's company. */
export const approvalNodeApprovers = pgTable(
  'approval_node_approvers',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id')
      .notNull()
      .references(() => approvalNodes.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.nodeId, t.level, t.userId] }),
    index('approval_node_approvers_user_idx').on(t.userId),
  ],
);
