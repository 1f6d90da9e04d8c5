import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/**
 * Announcements (/AnnouncementList). Whom it is for is kept as the form chose it (departments,
 * roles, people, or the whole site); who it reached is resolved when it is delivered, one
 * announcement_recipients row per user, whose read_at is the read receipt.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** ANNOUNCEMENT_LEVEL: 1 normal, 2 important, 3 urgent (spoken on consoles). */
    level: smallint('level').notNull().default(1),
    /** ANNOUNCEMENT_SCOPE: 1 the named recipients, 2 the whole site. */
    scope: smallint('scope').notNull().default(1),
    departmentIds: integer('department_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    roleIds: integer('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** NEED_APPROVAL: 1 needed (through approvalNodeId), 2 not needed. */
    needApproval: smallint('need_approval').notNull().default(2),
    /** approval_nodes.id of the company (checked by the approval engine at submission). */
    approvalNodeId: integer('approval_node_id'),
    /** approvals.id of the latest submission. */
    approvalId: integer('approval_id'),
    /** ANNOUNCEMENT_STATE: 1 draft, 2 pending, 3 published, 4 rejected, 5 withdrawn. */
    state: smallint('state').notNull().default(1),
    /** When it goes out: set by the form for a scheduled one, else when it was published. */
    publishAt: ts('publish_at'),
    /** When it reached its recipients (null: published for later, or not yet). */
    deliveredAt: ts('delivered_at'),
    publisherId: integer('publisher_id').references(() => users.id, { onDelete: 'set null' }),
    publisherName: text('publisher_name'),
    reviewerName: text('reviewer_name'),
    reviewComment: text('review_comment'),
    reviewedAt: ts('reviewed_at'),
    /** Helmets and door units the text was sent to. */
    deviceCount: integer('device_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('announcements', t.title, t.content),
    index('announcements_tenant_idx').on(t.tenantId, t.id),
    index('announcements_tenant_title_idx').on(t.tenantId, t.title),
    index('announcements_tenant_level_idx').on(t.tenantId, t.level, t.id),
    index('announcements_tenant_scope_idx').on(t.tenantId, t.scope),
    index('announcements_tenant_need_idx').on(t.tenantId, t.needApproval),
    index('announcements_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('announcements_tenant_publish_idx').on(t.tenantId, t.publishAt),
    index('announcements_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('announcements_due_idx').on(t.state, t.publishAt),
    index('announcements_approval_idx').on(t.approvalId),
  ],
);

/** Who an announcement reached; `readAt` is set once, when the user first opens it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    announcementId: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('announcement_recipients_uq').on(t.announcementId, t.userId),
    index('announcement_recipients_user_idx').on(t.userId, t.readAt),
    index('announcement_recipients_tenant_idx').on(t.tenantId, t.id),
  ],
);
