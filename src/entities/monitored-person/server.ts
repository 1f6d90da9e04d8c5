import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { Code } from '../../shared/api';
import { FENCE_TYPE } from '../../shared/geo/fence';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { devices } from '../../server/db/schema-devices';
import { fenceDevices, fenceDeviceStates, fences } from '../fence/server';
import { tenants, users } from '../../server/db/schema-tenancy';
import { qualified } from '../../server/engine/query';
import { defineEntity } from '../../server/engine/registry';
import type { Row, Tx } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import monitoredPerson, { FENCE_PLACE, PERSON_DEVICE_KINDS } from './resource';

/**
 * Monitored persons (/regulatoryList, /regulatoryUser). A person wears at most one device and a
 * device is worn by at most one person (`device_id` unique); the fence they must stay in watches
 * that device (fence_devices), so the evaluator raises exits for it.
 */
export const monitoredPersons = pgTable(
  'monitored_persons',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    photo: text('photo'),
    gender: smallint('gender'),
    phone: text('phone'),
    email: text('email'),
    idNumber: text('id_number'),
    height: integer('height'),
    weight: doublePrecision('weight'),
    /** YYYY-MM-DD. */
    birthDate: text('birth_date'),
    nativePlace: text('native_place'),
    nationality: text('nationality'),
    supervisorId: integer('supervisor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** SUPERVISION_LEVEL 1..3. */
    level: smallint('level').notNull(),
    /** CRIME_TYPE_TABLE 1..10, 0 other. */
    crimeType: smallint('crime_type').notNull(),
    reason: text('reason'),
    /** Supervision period, YYYY-MM-DD; the end after the start. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    emergencyName: text('emergency_name'),
    emergencyPhone: text('emergency_phone'),
    emergencyAddress: text('emergency_address'),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'set null' }),
    fenceId: integer('fence_id').references(() => fences.id, { onDelete: 'set null' }),
    /** Daily check-in window, "HH:mm" in the service's time zone. */
    checkInStart: text('check_in_start').notNull().default('08:00'),
    checkInEnd: text('check_in_end').notNull().default('20:00'),
    /** The day (YYYY-MM-DD, service time zone) of the last check-in, and when. */
    lastCheckInDay: text('last_check_in_day'),
    lastCheckInAt: ts('last_check_in_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('monitored_persons', t.name, t.phone),
    index('monitored_persons_tenant_id_idx').on(t.tenantId, t.id),
    index('monitored_persons_tenant_name_idx').on(t.tenantId, t.name),
    index('monitored_persons_tenant_level_idx').on(t.tenantId, t.level, t.id),
    index('monitored_persons_tenant_gender_idx').on(t.tenantId, t.gender, t.id),
    index('monitored_persons_tenant_crime_idx').on(t.tenantId, t.crimeType, t.id),
    index('monitored_persons_tenant_supervisor_idx').on(t.tenantId, t.supervisorId, t.id),
    index('monitored_persons_tenant_start_idx').on(t.tenantId, t.startDate),
    index('monitored_persons_tenant_end_idx').on(t.tenantId, t.endDate),
    index('monitored_persons_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('monitored_persons_tenant_fence_idx').on(t.tenantId, t.fenceId),
    uniqueIndex('monitored_persons_device_idx').on(t.deviceId),
  ],
);

/** Check-ins: the device reporting inside the day's window, or the supervisor at the console. */
export const monitoredPersonCheckIns = pgTable(
  'monitored_person_check_ins',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => monitoredPersons.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    at: ts('at').notNull(),
    /** CHECK_IN_SOURCE: 1 device, 2 console. */
    source: smallint('source').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [
    index('monitored_person_check_ins_person_idx').on(t.personId, t.at),
    index('monitored_person_check_ins_tenant_day_idx').on(t.tenantId, t.day),
  ],
);

const WEARING_TYPE = 4;
const P = monitoredPersons;

/** The service's time zone for "today" (set by the plugin from the config; the process's until then). */
export const supervisionClock = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: () => Date.now() };

/** YYYY-MM-DD and HH:mm of `at` in the service's time zone. */
export function localDayTime(at: number, timeZone = supervisionClock.timeZone): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

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
export async function assignPair(tx: Tx, deviceId: number | null, fenceId: number | null): Promise<void> {
  if (deviceId && fenceId) await tx.insert(fenceDevices).values({ fenceId, deviceId }).onConflictDoNothing();
}
export async function unassignPair(tx: Tx, deviceId: number | null, fenceId: number | null): Promise<void> {
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
