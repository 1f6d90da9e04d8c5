import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { deviceCommands, devices } from '../../server/db/schema-devices';
import { tenants } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import { faceLibraries } from '../face-library/server';
import faceDistribution from './resource';

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

const command = (column: string) =>
  sql.raw(`(select c.${column} from device_commands c where c.id = "face_distributions"."command_id")`);

export default defineEntity({
  def: faceDistribution,
  table: faceDistributions,
  computed: {
    deviceName: sql<string>`(select d.name from devices d where d.id = ${qualified(faceDistributions.deviceId)})`,
    // FACE_DELIVERY: 1 pending, 2 sent, 3 acknowledged, 4 failed.
    delivery: sql<number>`(case when ${command('ack_ok')} is true then 3 when ${command('ack_ok')} is false or ${command('status')} = 4 then 4 when ${command('status')} = 3 then 2 else 1 end)`,
    ackAt: command('ack_at'),
  },
});
