import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { devices } from '../device/table';
import type { Db } from '../../server/db/driver';
import { defineEntity } from '../../server/engine/registry';
import type { Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { communities } from '../community/table';
import { BOUND_STATES } from '../resident';
import { residents } from '../resident/table';
import accessRight, { SUBJECT } from './resource';
import { newQrToken } from './qr';
import { accessRights, accessRightDevices } from './table';

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
