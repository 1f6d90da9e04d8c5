import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { departments, tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import sitePost from './resource';

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

export default defineEntity({
  def: sitePost,
  table: sitePosts,
  computed: {
    // Managers holding the post who have not left (site_managers.status 3; named by SQL: the
    // manager table references this one, so it cannot be imported here without a cycle).
    staffed: sql<number>`(select count(*)::int from site_managers m where m.tenant_id = ${qualified(sitePosts.tenantId)} and m.post_id = ${qualified(sitePosts.id)} and m.status <> 3)`,
  },
  // The department is the company's: the engine checks every reference (requireOwnRefs).
});
