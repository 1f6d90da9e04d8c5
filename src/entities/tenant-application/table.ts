import { pgTable, serial, integer, text, smallint, index } from 'drizzle-orm/pg-core';
import { ts, createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** A tenant administrator's request to upgrade to an enterprise account, reviewed by a super administrator. */
export const tenantApplications = pgTable(
  'tenant_applications',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    note: text('note'),
    status: smallint('status').notNull().default(1),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('tenant_applications', t.contact, t.phone),
    index('tenant_applications_tenant_idx').on(t.tenantId, t.id),
    index('tenant_applications_status_idx').on(t.tenantId, t.status, t.id),
  ],
);
