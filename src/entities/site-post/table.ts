import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { departments } from '../department/table';
import { tenants } from '../tenant/table';

/** Posts of a construction site (/managePost). */
export const sitePosts = pgTable(
  'site_posts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    duties: text('duties'),
    headcount: integer('headcount').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('site_posts', t.name, t.duties),
    index('site_posts_tenant_id_idx').on(t.tenantId, t.id),
    index('site_posts_tenant_name_idx').on(t.tenantId, t.name),
    index('site_posts_tenant_department_idx').on(t.tenantId, t.departmentId),
    index('site_posts_tenant_headcount_idx').on(t.tenantId, t.headcount),
    index('site_posts_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
