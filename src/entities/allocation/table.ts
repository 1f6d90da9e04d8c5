import { pgTable, serial, integer, text, smallint, index } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** The stock-flow log; tenant_id is the tenant the device went to (or stayed in). */
export const deviceAllocations = pgTable(
  'device_allocations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    fromTenantId: integer('from_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    action: smallint('action').notNull(),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('device_allocations', t.imei),
    index('device_allocations_tenant_idx').on(t.tenantId, t.id),
    index('device_allocations_action_idx').on(t.tenantId, t.action, t.id),
    index('device_allocations_from_idx').on(t.fromTenantId),
  ],
);
