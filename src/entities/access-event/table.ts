import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { communities } from '../community/table';
import { residents } from '../resident/table';
import { units } from '../unit/table';

export const accessEvents = pgTable(
  'access_events',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    /** The unit the door unit is installed at, and its community (unit_door_units), when it is. */
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    unitId: integer('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** Whose credential it was, when the service knows (the right's resident, or the card's). */
    residentId: integer('resident_id').references(() => residents.id, { onDelete: 'set null' }),
    rightId: integer('right_id'),
    /** ACCESS_METHODS. */
    method: text('method').notNull(),
    credential: text('credential'),
    granted: boolean('granted').notNull(),
    /** ACCESS_REASONS. */
    reason: text('reason'),
    /** When the unit says it happened. */
    at: ts('at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('access_events', t.credential, t.imei),
    index('access_events_tenant_id_idx').on(t.tenantId, t.id),
    index('access_events_tenant_at_idx').on(t.tenantId, t.at, t.id.desc()),
    index('access_events_tenant_method_idx').on(t.tenantId, t.method, t.at),
    index('access_events_tenant_granted_idx').on(t.tenantId, t.granted, t.at),
    index('access_events_tenant_device_idx').on(t.tenantId, t.deviceId, t.at),
    index('access_events_tenant_community_idx').on(t.tenantId, t.communityId, t.at),
    index('access_events_tenant_resident_idx').on(t.tenantId, t.residentId),
    index('access_events_tenant_reason_idx').on(t.tenantId, t.reason),
    index('access_events_tenant_unit_idx').on(t.tenantId, t.unitId),
  ],
);
