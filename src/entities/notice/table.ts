import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    level: smallint('level').notNull().default(1),
    /** SOFT_STATUS: 1 normal, 2 deleted (restorable by administrators). */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('notices', t.title, t.content),
    index('notices_tenant_idx').on(t.tenantId, t.id),
    index('notices_tenant_title_idx').on(t.tenantId, t.title),
    index('notices_tenant_level_idx').on(t.tenantId, t.level, t.id),
  ],
);
