import { sql } from 'drizzle-orm';
import {
  pgTable,
  serial,
  integer,
  text,
  smallint,
  boolean,
  doublePrecision,
  jsonb,
  uniqueIndex,
  index,
  bigserial,
  primaryKey,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ts, createdAt, updatedAt, trigramIndexes, bytea } from '../../server/db/columns';
import type { DeviceSettings } from '../../shared/devices/settings';
import { departments } from '../department/table';
import { deviceCategories } from '../device-category/table';
import { deviceGroups } from '../device-group/table';
import { products } from '../device-product/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/** The devices: one row per IMEI, with the tenant it belongs to and its latest state and values. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    imei: text('imei').notNull(),
    name: text('name'),
    number: text('number'),
    kind: text('kind').notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => deviceCategories.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => deviceGroups.id, { onDelete: 'set null' }),
    /** The 4G gateway (kind gateway4g, same tenant) this device reaches the platform through. */
    gatewayId: integer('gateway_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
    model: text('model'),
    style: text('style'),
    imsi: text('imsi'),
    iccid: text('iccid'),
    /** DEVICE_STATE: 0 offline, 1 online, 2 not activated, 3 abnormal. */
    state: smallint('state').notNull().default(2),
    battery: smallint('battery'),
    signal: smallint('signal'),
    mainsPower: smallint('mains_power'),
    /** STOCK_STATE: the stock flow. */
    stockState: smallint('stock_state').notNull().default(0),
    personName: text('person_name'),
    personPhone: text('person_phone'),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    installLocation: text('install_location'),
    indoorImage: text('indoor_image'),
    appVersion: text('app_version'),
    systemVersion: text('system_version'),
    supplier: text('supplier'),
    manufacturerId: text('manufacturer_id'),
    operator: text('operator'),
    netType: text('net_type'),
    messageType: text('message_type').notNull().default('json'),
    transparent: boolean('transparent').notNull().default(false),
    powerSaving: boolean('power_saving').notNull().default(false),
    sku: text('sku'),
    lastCommunicationAt: ts('last_communication_at'),
    activatedAt: ts('activated_at'),
    stockInAt: ts('stock_in_at'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    locatedAt: ts('located_at'),
    /** Latest value per metric: { heartRate: 72, ... }. */
    lastValues: jsonb('last_values').$type<Record<string, number>>().notNull().default({}),
    settings: jsonb('settings').$type<Partial<DeviceSettings>>(),
    settingsVersion: integer('settings_version').notNull().default(0),
    settingsAckedVersion: integer('settings_acked_version').notNull().default(0),
    /** Bumped on recycle: the device's secret (devices/secrets.ts) changes with it. */
    secretVersion: integer('secret_version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes(
      'devices',
      t.imei,
      t.name,
      t.number,
      t.imsi,
      t.iccid,
      t.personName,
      t.personPhone,
      t.installLocation,
    ),
    uniqueIndex('devices_imei_uq').on(t.imei),
    index('devices_tenant_id_idx').on(t.tenantId, t.id),
    index('devices_tenant_state_idx').on(t.tenantId, t.state, t.id),
    index('devices_tenant_kind_idx').on(t.tenantId, t.kind, t.id),
    index('devices_tenant_comm_idx').on(t.tenantId, t.lastCommunicationAt),
    index('devices_online_comm_idx')
      .on(t.lastCommunicationAt)
      .where(sql`${t.state} = 1`),
    // The device counts of the group, product, category and fence lists (a count per listed row).
    index('devices_group_idx').on(t.groupId),
    index('devices_product_idx').on(t.productId),
    index('devices_category_idx').on(t.categoryId),
    // A gateway's sub-devices.
    index('devices_gateway_idx').on(t.gatewayId),
  ],
);

// Time series written by the ingest. msg_id makes a redelivered message (QoS 1) a no-op.

/**
 * Readings are partitioned by month of `ts` (migration 0020; src/server/db/partitions.ts keeps the
 * months ahead and drops those past RETENTION_DAYS). A partitioned table's keys must hold the
 * partition column, so the primary key is (id, ts) and a redelivery is recognised by
 * (device, msg_id, ts): the device's own timestamp (docs/decisions.md, "Readings by month").
 */
export const deviceReadings = pgTable(
  'device_readings',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    ts: ts('ts').notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    msgId: text('msg_id'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.ts] }),
    index('device_readings_device_ts_idx').on(t.deviceId, t.ts),
    uniqueIndex('device_readings_msg_uq').on(t.deviceId, t.msgId, t.ts),
  ],
);

export const deviceLocations = pgTable(
  'device_locations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    ts: ts('ts').notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    alt: doublePrecision('alt'),
    speed: doublePrecision('speed'),
    heading: doublePrecision('heading'),
    accuracy: doublePrecision('accuracy'),
    source: text('source').notNull().default('gps'),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    z: doublePrecision('z'),
    floor: text('floor'),
    /** The receiver's verdict on its fix (GPS 'A'/'V'); null: not said. */
    valid: boolean('valid'),
    satellites: smallint('satellites'),
    /** What the device heard: { cells: [{mcc, mnc, lac, cid, signal}], wifi: [{mac, signal}] } (docs/protocols.md). */
    radio: jsonb('radio').$type<{ cells?: unknown[]; wifi?: unknown[] }>(),
    msgId: text('msg_id'),
  },
  // `id` breaks ties of `ts`, so a track (device/track, ordered by ts, id) reads the index in its
  // order without a sort.
  (t) => [
    index('device_locations_device_ts_idx').on(t.deviceId, t.ts, t.id),
    uniqueIndex('device_locations_msg_uq').on(t.deviceId, t.msgId),
  ],
);

/** Alarms raised by devices, status changes, door calls, online/offline: the alarm engine's input. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    ts: ts('ts').notNull(),
    /** 'alarm' | 'call' | 'online' | 'offline' | 'status' | 'event' (a protocol's named event raising no alarm). */
    type: text('type').notNull(),
    /** The alarm event name (ALARM_EVENTS) for alarms. */
    name: text('name'),
    value: doublePrecision('value'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    msgId: text('msg_id'),
  },
  (t) => [
    index('device_events_device_ts_idx').on(t.deviceId, t.ts),
    index('device_events_tenant_ts_idx').on(t.tenantId, t.ts),
    uniqueIndex('device_events_msg_uq').on(t.deviceId, t.msgId),
  ],
);

/**
 * Device messages the service could not take (docs/device-protocol.md "Dead letters"): refused by
 * validation or plausibility, or refused by the database even when written alone. The raw
 * payload is kept as bytes so nothing the device sent is lost or reinterpreted.
 */
export const deviceDeadLetters = pgTable(
  'device_dead_letters',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    topic: text('topic').notNull(),
    payload: bytea('payload').notNull(),
    /** 'malformed' | 'implausible' | 'failed' (the database refused it) | 'alarm' | 'fence'. */
    reason: text('reason').notNull(),
    error: text('error').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('device_dead_letters_device_idx').on(t.deviceId, t.createdAt),
    index('device_dead_letters_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

export type DeviceRow = typeof devices.$inferSelect;

/**
 * Per device and metric, minute/hour/day aggregates of the readings: the minute rows kept by the
 * ingest in the statement that stores the readings (src/server/ingest/flush.ts), the hour and day
 * rows from the minute rows every few seconds (src/server/ingest/rollup.ts; readings older than a
 * few minutes go to all three at once). Dashboards and history charts read these, never the raw
 * readings. `grain` is ROLLUP_GRAIN; `bucket` the bucket's start in the
 * console's time zone (TIME_ZONE), so a day is the operators' day.
 */
export const readingRollups = pgTable(
  'reading_rollups',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id').notNull(),
    metric: text('metric').notNull(),
    grain: smallint('grain').notNull(),
    bucket: ts('bucket').notNull(),
    n: integer('n').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: doublePrecision('min').notNull(),
    max: doublePrecision('max').notNull(),
    /**
     * Minute rows only: the count and sum stored since the hour and day rows last took this row
     * in (src/server/ingest/rollup.ts). Not indexed, so the ingest's upserts stay HOT.
     */
    pn: integer('pn').notNull().default(0),
    psum: doublePrecision('psum').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.metric, t.grain, t.bucket] }),
    index('reading_rollups_tenant_idx').on(t.tenantId, t.metric, t.grain, t.bucket),
  ],
);
