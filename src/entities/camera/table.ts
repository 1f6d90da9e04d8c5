import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { tenants } from '../tenant/table';

export const cameras = pgTable(
  'cameras',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The stream URL as entered, password included (masked in every answer). */
    url: text('url').notNull(),
    imei: text('imei'),
    location: text('location'),
    enabled: boolean('enabled').notNull().default(true),
    state: smallint('state').notNull().default(0),
    lastError: text('last_error'),
    checkedAt: ts('checked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('cameras', t.name, t.imei, t.location),
    index('cameras_tenant_idx').on(t.tenantId, t.id),
    index('cameras_tenant_name_idx').on(t.tenantId, t.name),
    index('cameras_tenant_state_idx').on(t.tenantId, t.state),
    index('cameras_tenant_enabled_idx').on(t.tenantId, t.enabled),
  ],
);
