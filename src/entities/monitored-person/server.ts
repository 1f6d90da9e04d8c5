import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { FENCE_TYPE } from '../../shared/geo/fence';
import { devices } from '../device/table';
import { fenceDevices, fenceDeviceStates, fences } from '../fence/table';
import { users } from '../user/table';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import { localDayTime, supervisionClock } from '../../server/supervision';
import monitoredPerson, { FENCE_PLACE, PERSON_DEVICE_KINDS } from './resource';
import { monitoredPersons } from './table';

const WEARING_TYPE = 4;
const P = monitoredPersons;

/** Old device and fence of a row being updated, from beforeWrite to afterWrite. */
const previous = new WeakMap<Row, { deviceId: number | null; fenceId: number | null }>();

async function checkDevice(tx: Tx, tenantId: number, deviceId: number, personId?: number) {
  const [d] = await tx
    .select({ kind: devices.kind })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.tenantId, tenantId)));
  if (!d || !(PERSON_DEVICE_KINDS as readonly string[]).includes(d.kind))
    fail(Code.BAD_REQUEST, 'personDeviceNotWearable');
  const [taken] = await tx
    .select({ id: P.id })
    .from(P)
    .where(and(eq(P.deviceId, deviceId), personId ? ne(P.id, personId) : undefined));
  if (taken) fail(Code.BAD_REQUEST, 'personDeviceTaken');
}

async function checkFence(tx: Tx, tenantId: number, fenceId: number) {
  const [f] = await tx
    .select({ type: fences.type })
    .from(fences)
    .where(and(eq(fences.id, fenceId), eq(fences.tenantId, tenantId)));
  if (!f || f.type !== FENCE_TYPE.electronic) fail(Code.BAD_REQUEST, 'personFenceNotElectronic');
}

/** Assigns the device to the fence (the evaluator then watches it), or takes a pair off with its stored state. */
async function assignPair(tx: Tx, deviceId: number | null, fenceId: number | null): Promise<void> {
  if (deviceId && fenceId) await tx.insert(fenceDevices).values({ fenceId, deviceId }).onConflictDoNothing();
}
async function unassignPair(tx: Tx, deviceId: number | null, fenceId: number | null): Promise<void> {
  if (!deviceId || !fenceId) return;
  await tx.delete(fenceDevices).where(and(eq(fenceDevices.fenceId, fenceId), eq(fenceDevices.deviceId, deviceId)));
  await tx
    .delete(fenceDeviceStates)
    .where(and(eq(fenceDeviceStates.fenceId, fenceId), eq(fenceDeviceStates.deviceId, deviceId)));
}

const device = (column: string) =>
  sql`(select d.${sql.raw(column)} from devices d where d.id = ${qualified(P.deviceId)})`;

export default defineEntity({
  def: monitoredPerson,
  table: monitoredPersons,
  computed: {
    fencePlace: sql<number>`coalesce((select case when s.inside then ${FENCE_PLACE.inside}::int else ${FENCE_PLACE.outside}::int end from fence_device_states s
      where s.fence_id = ${qualified(P.fenceId)} and s.device_id = ${qualified(P.deviceId)}), ${FENCE_PLACE.unknown})::int`,
    battery: sql<number>`${device('battery')}`,
    wearing: sql<number>`case when ${qualified(P.deviceId)} is null then null when exists (select 1 from device_alarm_conditions c
      where c.device_id = ${qualified(P.deviceId)} and c.type = ${WEARING_TYPE} and c.raised = 1) then 0 else 1 end::int`,
  },
  hooks: {
    async beforeWrite(_ctx, tx, values, input, tenantId, existing) {
      let old: { deviceId: number | null; fenceId: number | null; startDate: string; endDate: string } | undefined;
      if (existing) {
        [old] = await tx
          .select({ deviceId: P.deviceId, fenceId: P.fenceId, startDate: P.startDate, endDate: P.endDate })
          .from(P)
          .where(eq(P.id, existing.id));
        if (old) previous.set(input, { deviceId: old.deviceId, fenceId: old.fenceId });
      }
      // The period is stored as the YYYY-MM-DD it was given (the engine hands date fields over as Dates).
      for (const k of ['startDate', 'endDate'] as const)
        if (k in values) values[k] = typeof input[k] === 'string' ? input[k].slice(0, 10) : null;
      const start = (values.startDate as string | undefined) ?? old?.startDate;
      const end = (values.endDate as string | undefined) ?? old?.endDate;
      if (start && end && end <= start) fail(Code.BAD_REQUEST, 'rangeInvalid');
      if (typeof values.supervisorId === 'number') {
        const [u] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, values.supervisorId), eq(users.tenantId, tenantId)));
        if (!u) fail(Code.BAD_REQUEST, 'refInvalid', 'supervisorId: not in this company');
      }
      if (typeof values.deviceId === 'number') await checkDevice(tx, tenantId, values.deviceId, existing?.id);
      if (typeof values.fenceId === 'number') await checkFence(tx, tenantId, values.fenceId);
    },
    async afterWrite(_ctx, tx, id, input) {
      const [now] = await tx.select({ deviceId: P.deviceId, fenceId: P.fenceId }).from(P).where(eq(P.id, id));
      if (!now) return;
      // The previous pair of this person goes unless it is the same one (unbinding takes the device off the fence).
      const old = previous.get(input);
      if (old && (old.deviceId !== now.deviceId || old.fenceId !== now.fenceId))
        await unassignPair(tx, old.deviceId, old.fenceId);
      await assignPair(tx, now.deviceId, now.fenceId);
    },
    async remove(ctx, ids) {
      await ctx.db.transaction(async (tx) => {
        const rows = await tx.select({ deviceId: P.deviceId, fenceId: P.fenceId }).from(P).where(inArray(P.id, ids));
        for (const r of rows) await unassignPair(tx, r.deviceId, r.fenceId);
        await tx.delete(P).where(inArray(P.id, ids));
      });
    },
    async decorate(_db, rows) {
      const today = localDayTime(supervisionClock.now()).day;
      for (const r of rows) r.checkedIn = r.lastCheckInDay === today;
    },
  },
});
