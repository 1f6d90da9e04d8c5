import { pgTable, serial, text, smallint, integer, index } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';

export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    status: smallint('status').notNull().default(1),
    /** Days recordings and photos are kept (/CloudStorage; pinned ones always); 0 keeps them forever. */
    mediaRetentionDays: integer('media_retention_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [...trigramIndexes('tenants', t.name, t.address), index('tenants_status_idx').on(t.status, t.id)],
);

export type TenantRow = typeof tenants.$inferSelect;
