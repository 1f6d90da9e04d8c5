import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { deviceCommands } from '../device-command/table';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { faceLibraries } from '../face-library/table';

export const faceDistributions = pgTable(
  'face_distributions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    libraryId: integer('library_id')
      .notNull()
      .references(() => faceLibraries.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    /** The newest faceLibrary command; null while never sent (the unit was offline). */
    commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    /** Why the last push did not go out (a message key: deviceOffline ...). */
    error: text('error'),
    sampleCount: integer('sample_count').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('face_distributions', t.imei),
    index('face_distributions_tenant_idx').on(t.tenantId, t.id),
    index('face_distributions_tenant_imei_idx').on(t.tenantId, t.imei),
    index('face_distributions_tenant_library_idx').on(t.tenantId, t.libraryId, t.id),
    uniqueIndex('face_distributions_library_device_uq').on(t.libraryId, t.deviceId),
    index('face_distributions_device_idx').on(t.deviceId),
  ],
);
