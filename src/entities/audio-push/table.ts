import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes } from '../../server/db/columns';
import { deviceCommands } from '../device-command/table';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';

export const audioPushes = pgTable(
  'audio_pushes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
    deviceName: text('device_name'),
    /** 'file' | 'tts' (PUSH_SOURCE_TABLE). */
    source: text('source').notNull(),
    /** The file's name or the spoken text. */
    title: text('title').notNull(),
    /** The stored upload (source 'file'). */
    file: text('file'),
    commandId: integer('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    operatorName: text('operator_name'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('audio_pushes', t.imei, t.deviceName, t.title, t.operatorName),
    index('audio_pushes_tenant_idx').on(t.tenantId, t.id),
    index('audio_pushes_tenant_imei_idx').on(t.tenantId, t.imei, t.id),
    index('audio_pushes_tenant_source_idx').on(t.tenantId, t.source, t.id),
    index('audio_pushes_tenant_title_idx').on(t.tenantId, t.title),
    index('audio_pushes_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);
