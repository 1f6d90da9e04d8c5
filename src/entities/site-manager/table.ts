import { date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { departments } from '../department/table';
import { tenants } from '../tenant/table';
import { sitePosts } from '../site-post/table';
import { SITE_MANAGER_STATUS } from './resource';

/** Managers of a construction site (/manageUser); phone and ID number are masked like every personal field. */
export const siteManagers = pgTable(
  'site_managers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    postId: integer('post_id').references(() => sitePosts.id, { onDelete: 'set null' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    idNumber: text('id_number'),
    certificateNo: text('certificate_no'),
    entryDate: date('entry_date', { mode: 'string' }),
    /** SITE_MANAGER_STATUS: 1 on the job, 2 on leave, 3 left. */
    status: smallint('status').notNull().default(SITE_MANAGER_STATUS.active),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('site_managers', t.name, t.phone, t.certificateNo),
    index('site_managers_tenant_id_idx').on(t.tenantId, t.id),
    index('site_managers_tenant_name_idx').on(t.tenantId, t.name),
    index('site_managers_tenant_post_idx').on(t.tenantId, t.postId),
    index('site_managers_tenant_department_idx').on(t.tenantId, t.departmentId),
    index('site_managers_tenant_certificate_idx').on(t.tenantId, t.certificateNo),
    index('site_managers_tenant_entry_idx').on(t.tenantId, t.entryDate),
    index('site_managers_tenant_status_idx').on(t.tenantId, t.status),
    index('site_managers_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
