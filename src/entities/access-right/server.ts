import { and, eq, inArray, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../../server/db/schema-devices';
import { tenants } from '../../server/db/schema-tenancy';
import type { Db } from '../../server/db/driver';
import { defineEntity } from '../../server/engine/registry';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/server';
import { BOUND_STATES } from '../resident';
import { residents } from '../resident/server';
import accessRight, { SUBJECT } from './resource';
import { newQrToken } from './qr';

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

/** Replaces a right's door units; each must be a door unit of the tenant. */
export async function setRightDevices(
  tx: Tx | Db,
  rightId: number,
  tenantId: number,
  deviceIds: number[],
): Promise<void> {
  const ids = [...new Set(deviceIds)];
  if (ids.length) {
    const found = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(inArray(devices.id, ids), eq(devices.tenantId, tenantId), eq(devices.kind, 'doorUnit')));
    if (found.length !== ids.length) fail(Code.BAD_REQUEST, 'notDoorUnit');
  }
  await tx.delete(accessRightDevices).where(eq(accessRightDevices.rightId, rightId));
  if (ids.length) await tx.insert(accessRightDevices).values(ids.map((deviceId) => ({ tenantId, rightId, deviceId })));
}

const idList = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []);

export default defineEntity({
  def: accessRight,
  table: accessRights,
  filters: {
    deviceIds: (v) => {
      const ids = idList(v);
      if (!ids.length) return undefined;
      return sql`exists (select 1 from ${accessRightDevices} where ${accessRightDevices.rightId} = ${accessRights.id} and ${inArray(accessRightDevices.deviceId, ids)})`;
    },
  },
  hooks: {
    // A resident's right names a bound resident of the tenant (name, phone and community copied);
    // a visitor's has an expiry and a QR token.
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      const subject = Number(
        values.subject ??
          (existing
            ? (
                await tx.select({ s: accessRights.subject }).from(accessRights).where(eq(accessRights.id, existing.id))
              )[0]?.s
            : undefined),
      );
      if (subject === SUBJECT.resident) {
        const residentId =
          values.residentId ??
          (existing
            ? (
                await tx
                  .select({ r: accessRights.residentId })
                  .from(accessRights)
                  .where(eq(accessRights.id, existing.id))
              )[0]?.r
            : undefined);
        if (typeof residentId !== 'number') fail(Code.BAD_REQUEST, 'rightNeedsResident');
        const [r] = await tx
          .select()
          .from(residents)
          .where(and(eq(residents.id, residentId as number), eq(residents.tenantId, tenantId)));
        if (!r) fail(Code.BAD_REQUEST, 'refInvalid');
        if (!BOUND_STATES.includes(r!.reviewState)) fail(Code.BAD_REQUEST, 'residentNotBound');
        values.name = r!.name;
        values.phone ??= r!.phone;
        values.communityId ??= r!.communityId;
      } else if (values.subject !== undefined) {
        values.residentId = null;
      }
      if (!existing && !values.name) fail(Code.BAD_REQUEST, 'required');
      if (subject === SUBJECT.visitor) {
        const until =
          values.validUntil !== undefined
            ? values.validUntil
            : existing
              ? (
                  await tx
                    .select({ u: accessRights.validUntil })
                    .from(accessRights)
                    .where(eq(accessRights.id, existing.id))
                )[0]?.u
              : undefined;
        if (!until) fail(Code.BAD_REQUEST, 'visitorNeedsExpiry');
        if (!existing) values.qrToken = newQrToken();
      }
      if (
        values.validFrom instanceof Date &&
        values.validUntil instanceof Date &&
        values.validUntil <= values.validFrom
      )
        fail(Code.BAD_REQUEST, 'rangeInvalid');
      if (typeof values.communityId === 'number') {
        const [c] = await tx
          .select({ id: communities.id })
          .from(communities)
          .where(and(eq(communities.id, values.communityId), eq(communities.tenantId, tenantId)));
        if (!c) fail(Code.BAD_REQUEST, 'refInvalid');
      }
      void input;
    },
    async afterWrite(_ctx, tx, id, input, tenantId) {
      if (input.deviceIds !== undefined) await setRightDevices(tx, id, tenantId, idList(input.deviceIds));
    },
    async decorate(db, rows) {
      if (!rows.length) return;
      const links = await db
        .select({ rightId: accessRightDevices.rightId, deviceId: accessRightDevices.deviceId })
        .from(accessRightDevices)
        .where(
          inArray(
            accessRightDevices.rightId,
            rows.map((r) => r.id as number),
          ),
        )
        .orderBy(accessRightDevices.deviceId);
      for (const r of rows) r.deviceIds = links.filter((l) => l.rightId === r.id).map((l) => l.deviceId);
    },
  },
});
