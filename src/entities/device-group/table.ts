import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [...trigramIndexes('device_groups', t.name), index('device_groups_tenant_idx').on(t.tenantId, t.id)],
);
