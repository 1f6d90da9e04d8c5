import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../device/table';
import { tenants } from '../tenant/table';
import { communities } from '../community/table';
import { residents } from '../resident/table';

export const accessRights = pgTable(
  'access_rights',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** SUBJECT: 1 resident, 2 staff, 3 visitor. */
    subject: smallint('subject').notNull(),
    residentId: integer('resident_id').references(() => residents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone'),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'set null' }),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    /** HH:MM-HH:MM, daily. */
    timeWindow: text('time_window'),
    /** Face sample ids (the face library's), comma-separated. */
    faceSampleIds: text('face_sample_ids'),
    /** The QR code's token (visitors always have one). */
    qrToken: text('qr_token'),
    revoked: boolean('revoked').notNull().default(false),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('access_rights', t.name, t.phone),
    index('access_rights_tenant_id_idx').on(t.tenantId, t.id),
    index('access_rights_tenant_subject_idx').on(t.tenantId, t.subject),
    index('access_rights_tenant_resident_idx').on(t.tenantId, t.residentId),
    index('access_rights_tenant_name_idx').on(t.tenantId, t.name),
    index('access_rights_tenant_community_idx').on(t.tenantId, t.communityId),
    index('access_rights_tenant_until_idx').on(t.tenantId, t.validUntil),
    index('access_rights_tenant_revoked_idx').on(t.tenantId, t.revoked),
    index('access_rights_tenant_created_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('access_rights_qr_uq').on(t.qrToken),
  ],
);

/** The door units a right opens. */
export const accessRightDevices = pgTable(
  'access_right_devices',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    rightId: integer('right_id')
      .notNull()
      .references(() => accessRights.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.rightId, t.deviceId] }), index('access_right_devices_device_idx').on(t.deviceId)],
);

/**
 * The newest credential list pushed to each door unit (./push.ts): its version (only grows), the
 * device command that carried it (its delivery state and the unit's ack), and how often it went.
 */
export const accessPushes = pgTable(
  'access_pushes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    version: integer('version').notNull().default(0),
    commandId: integer('command_id'),
    credentials: integer('credentials').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('access_pushes_device_uq').on(t.deviceId),
    index('access_pushes_tenant_idx').on(t.tenantId, t.id),
  ],
);
