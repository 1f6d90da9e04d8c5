import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { splitValues } from '../../shared/product-sku';
import productSpec from './resource';

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

export default defineEntity({
  def: productSpec,
  table: productSpecs,
  hooks: {
    // Values normalised to "a,b,c", each once; at least one, at most 50.
    async beforeWrite(_ctx, _tx, values) {
      if (values.values === undefined) return;
      const list = splitValues(String(values.values ?? ''));
      if (!list.length) fail(Code.BAD_REQUEST, 'productSpecValuesRequired');
      if (list.length > 50) fail(Code.BAD_REQUEST, 'tooLarge');
      values.values = list.join(',');
    },
  },
});
