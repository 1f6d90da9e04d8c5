import { and, eq } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../../server/db/schema-tenancy';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/server';
import building from './resource';

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('buildings', t.name),
    uniqueIndex('buildings_community_number_uq').on(t.communityId, t.number),
    index('buildings_tenant_id_idx').on(t.tenantId, t.id),
    index('buildings_tenant_number_idx').on(t.tenantId, t.number, t.id),
    index('buildings_tenant_community_idx').on(t.tenantId, t.communityId, t.number),
    index('buildings_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

export default defineEntity({
  def: building,
  table: buildings,
  hooks: {
    async beforeWrite(_ctx, tx, values, _input, tenantId) {
      if (values.communityId === undefined) return;
      const [c] = await tx
        .select({ id: communities.id })
        .from(communities)
        .where(and(eq(communities.id, Number(values.communityId)), eq(communities.tenantId, tenantId)));
      if (!c) fail(Code.BAD_REQUEST, 'refInvalid');
    },
  },
});
