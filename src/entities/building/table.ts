import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { tenants } from '../tenant/table';
import { communities } from '../community/table';

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
