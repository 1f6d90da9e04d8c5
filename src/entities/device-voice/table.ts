import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';

export const deviceVoices = pgTable(
  'device_voices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    deviceName: text('device_name'),
    durationMs: integer('duration_ms'),
    size: integer('size').notNull(),
    /** The stored upload, served by GET /api/file/<file>. */
    file: text('file').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('device_voices', t.imei, t.deviceName),
    index('device_voices_tenant_idx').on(t.tenantId, t.id),
    index('device_voices_tenant_imei_idx').on(t.tenantId, t.imei, t.id),
    index('device_voices_tenant_duration_idx').on(t.tenantId, t.durationMs),
    index('device_voices_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
