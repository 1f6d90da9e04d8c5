import { pgTable, serial, integer, text, smallint, boolean, index } from 'drizzle-orm/pg-core';
import { ts, createdAt, trigramIndexes } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** Commands and settings pushes with their delivery state (DELIVERY) and the device's ack. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    imei: text('imei').notNull(),
    /** A CommandName, or 'settings'. */
    cmd: text('cmd').notNull(),
    /** The parameters as JSON text (shown as is in the log). */
    params: text('params').notNull().default('{}'),
    status: smallint('status').notNull().default(1),
    sentAt: ts('sent_at'),
    ackOk: boolean('ack_ok'),
    ackMsg: text('ack_msg'),
    ackAt: ts('ack_at'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    operatorName: text('operator_name'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('device_commands', t.imei),
    index('device_commands_device_idx').on(t.deviceId, t.id),
    index('device_commands_tenant_idx').on(t.tenantId, t.id),
    index('device_commands_imei_idx').on(t.tenantId, t.imei, t.id),
  ],
);
