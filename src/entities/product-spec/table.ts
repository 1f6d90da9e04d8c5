import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const productSpecs = pgTable(
  'product_specs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Its values, comma-separated ("红,蓝,黑"): stored normalised by the hook. */
    values: text('values').notNull(),
    note: text('note'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('product_specs', t.name, t.values),
    index('product_specs_tenant_id_idx').on(t.tenantId, t.id),
    index('product_specs_tenant_sort_idx').on(t.tenantId, t.sort, t.id),
    index('product_specs_tenant_name_idx').on(t.tenantId, t.name),
  ],
);
