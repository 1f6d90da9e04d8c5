/**
 * Bodies and answers of the device routes beyond the generic CRUD (src/server/routes/device/),
 * shared by the service, the console and the simulator.
 */
import { z } from 'zod';
import { ROLLUP_GRAINS, type RollupGrain } from '../rollups';
import { isoDate } from '../dates';
import type { ListResult } from '../resources/list';
import { DEVICE_KINDS, METRICS } from './kinds';
import { METRIC_LEVELS, type MetricLevel, type MetricLimits } from './metric-limits';
import { IMEI_RE } from './protocol';
import { deviceSettingsSchema, type DeviceSettings } from './settings';

const imei = z.string().trim().regex(IMEI_RE, 'imeiInvalid');
const ids = z.array(z.number().int().positive()).min(1, 'nothingSelected').max(1000, 'tooLarge');

export const imeiBody = z.object({ imei });

/** `POST /api/device/deadLetter/list`. */
export const deadLetterListBody = z.object({
  imei,
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
});

/** One frame of a device's raw frame log (src/server/protocols/frame-log.ts), as its codec reads it again. */
export interface FrameLogRow {
  /** UTC ms. */
  at: number;
  dir: 'in' | 'out';
  hex: string;
  /** The bytes as text, for the text protocols (watch). */
  text?: string;
  /** The codec's reading of a received frame, or why it could not read it. */
  summary?: string;
  error?: string;
  /** Refused by the product's strict framing for its irregularities (docs/protocols.md "Leniencies"). */
  refused?: boolean;
}

/** `POST /api/device/device/frames`: newest first; protocol null when the device never connected to this server over a device protocol. */
export interface FrameLogAnswer {
  protocol: string | null;
  frames: FrameLogRow[];
  /**
   * How often the device's frames had each irregularity since it first connected to this server
   * (`checksumMismatch`, `lengthMismatch`, `encryptionBit`, `badEscape`); only the kinds seen.
   */
  irregular?: Partial<Record<string, number>>;
}

/** A device message the service could not take (device_dead_letters). */
export interface DeadLetterRow {
  id: number;
  createdAt: string;
  topic: string;
  /** 'malformed' | 'implausible' | 'failed' | 'alarm' | 'fence'. */
  reason: string;
  error: string;
  /** Bytes as received. */
  size: number;
  /** The payload as text when it is UTF-8 (JSON), else null. */
  payload: string | null;
  payloadBase64: string;
}

/** telemetry / locations / events of one device, oldest first (events newest first). */
export const seriesBody = z.object({
  imei,
  from: isoDate.optional(),
  to: isoDate.optional(),
  limit: z.number().int().min(1).max(5000).default(500),
});

/** `POST /api/device/device/rollups`: one metric of one device from the rollups (never raw readings). */
export const rollupBody = z
  .object({
    imei,
    metric: z.string().trim().min(1).max(64),
    from: isoDate,
    to: isoDate,
    /** Left out: the finest grain that keeps the window under ROLLUP_MAX_POINTS buckets. */
    grain: z.enum(ROLLUP_GRAINS as [RollupGrain, ...RollupGrain[]]).optional(),
  })
  .refine((b) => Date.parse(b.from) < Date.parse(b.to), { message: 'rangeInvalid', path: ['to'] });

/** One bucket of a metric: its start, count, mean, least and greatest value. */
export interface RollupPoint {
  t: string;
  n: number;
  avg: number;
  min: number;
  max: number;
}

export interface RollupSeries {
  grain: RollupGrain;
  points: RollupPoint[];
}

export const settingsSaveBody = z.object({ imei, settings: deviceSettingsSchema });

export const allocateBody = z.object({
  ids,
  tenantId: z.number().int().positive(),
  departmentId: z.number().int().positive().nullable().optional(),
  note: z.string().trim().max(200, 'tooLong').optional(),
});
export const idsNoteBody = z.object({ ids, note: z.string().trim().max(200, 'tooLong').optional() });
export const bindBody = z.object({
  id: z.number().int().positive(),
  userId: z.number().int().positive().nullable().optional(),
  personName: z.string().trim().max(32, 'tooLong').optional(),
  personPhone: z.string().trim().max(20, 'tooLong').optional(),
});
export const secretsBody = z.object({ imeis: z.array(imei).min(1).max(1000) });

/** `device/detail`: the device row (as device/get answers) plus its live data. */
export interface DeviceDetail {
  id: number;
  imei: string;
  name: string | null;
  kind: string;
  state: number;
  battery: number | null;
  signal: number | null;
  mainsPower: number | null;
  stockState: number;
  lastCommunicationAt: string | null;
  lat: number | null;
  lon: number | null;
  locatedAt: string | null;
  lastValues: Record<string, number>;
  settingsVersion: number;
  settingsAckedVersion: number;
  /**
   * Commands this kind obeys (KIND_INFO), narrowed to what its protocol can say when the device is
   * connected over one (docs/protocols.md); empty means "no command available".
   */
  commands: string[];
  /** The device protocol it is connected over here (watch, gt06, jt808, osmand); null: MQTT or not connected. */
  protocol: string | null;
  tenantId: number;
  [field: string]: unknown;
}

/** docs/requirements/realtime-map-and-tracks.md#device-info: `POST /api/device/deviceinfo/getDeviceInfo`. */
export interface DeviceInfo {
  imei: string;
  state: number;
  battery: number | null;
  name: string | null;
  lat: number | null;
  lon: number | null;
  imgSrc?: string;
  /** The later of the last connection and the last going offline. */
  lastConnectTime: string | null;
}

export interface TelemetryPoint {
  ts: string;
  values: Record<string, number>;
}

export interface LocationPoint {
  ts: string;
  lat: number | null;
  lon: number | null;
  alt: number | null;
  speed: number | null;
  heading: number | null;
  accuracy: number | null;
  source: string;
  x: number | null;
  y: number | null;
  z: number | null;
  floor: string | null;
}

export interface DeviceEventRow {
  ts: string;
  type: string;
  name: string | null;
  value: number | null;
  data: Record<string, unknown> | null;
}

export interface SettingsAnswer {
  settings: DeviceSettings;
  version: number;
  ackedVersion: number;
}

export interface CommandAnswer {
  id: number;
  /** DELIVERY: 1 not sent, 3 sent, 4 failed. */
  status: number;
}

/** One device's answer in a batch: the command's id and delivery, or the message key it was refused with. */
export interface BatchCommandResult {
  imei: string;
  id?: number;
  status?: number;
  key?: string;
}

export interface CommandAck {
  id: number;
  imei: string;
  cmd: string;
  status: number;
  ackOk: boolean | null;
  ackMsg: string | null;
  ackAt: string | null;
}

export interface DeviceStats {
  total: number;
  online: number;
  offline: number;
  inactive: number;
  abnormal: number;
  byKind: Record<string, number>;
}

export interface DeviceSecretRow {
  imei: string;
  kind: string;
  secret: string;
}

/** `POST /api/device/metric/devices`: the devices of the caller's scope that report one metric. */
export const metricDevicesBody = z.object({
  metric: z.enum(METRICS),
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(100).default(20),
  /** Matches the IMEI, the device name or the person's name. */
  keyword: z.string().trim().max(64).optional(),
  level: z.enum(METRIC_LEVELS).optional(),
});
export type MetricDevicesBody = z.input<typeof metricDevicesBody>;

/** One device's current value of the metric against its alarm limits. */
// A type, not an interface: maskRow takes it as a record.
export type MetricDeviceRow = {
  imei: string;
  name: string | null;
  kind: string;
  /** DEVICE_STATE. */
  state: number;
  personName: string | null;
  /** Masked for callers who may not see personal data. */
  personPhone: string | null;
  value: number | null;
  /** The device's last communication. */
  at: string | null;
  limits: MetricLimits;
  level: MetricLevel;
};

export interface MetricDevices extends ListResult<MetricDeviceRow> {
  /** Devices per level over the whole scope (keyword applied, level filter not). */
  counts: Record<MetricLevel, number>;
}

/**
 * `POST /api/device/metric/fleet`: a telemetry screen before a device is picked. The `size` worst
 * devices of the scope (furthest beyond, or nearest to, their limits first; offline ones last) with
 * their current value, and the last `hours` of the `lines` worst as rollup series.
 */
export const metricFleetBody = z.object({
  metric: z.enum(METRICS),
  size: z.number().int().min(1).max(100).default(30),
  lines: z.number().int().min(0).max(10).default(5),
  hours: z.number().int().min(1).max(48).default(3),
});
export type MetricFleetBody = z.input<typeof metricFleetBody>;

export interface MetricFleet {
  devices: MetricDeviceRow[];
  /** Devices of the scope with a live value (online or abnormal). */
  live: number;
  series: (RollupSeries & { imei: string; name: string | null })[];
  /** The series' window. */
  from: string;
  to: string;
}

/** The most devices one /randomReload run asks. */
export const REFRESH_MAX = 500;
/** How long the console waits for acks before counting the rest as timed out. */
export const REFRESH_TIMEOUT_MS = 30_000;

/**
 * `POST /api/device/command/refresh` (/randomReload): ask `sample` random online devices of the
 * caller's scope (optionally of one kind) or the chosen `imeis` for a fresh report (`report`).
 */
export const refreshBody = z
  .object({
    sample: z.number().int().min(1).max(REFRESH_MAX, 'tooLarge').optional(),
    imeis: z.array(imei).min(1, 'nothingSelected').max(REFRESH_MAX, 'tooLarge').optional(),
    kind: z.enum(DEVICE_KINDS).optional(),
  })
  .refine((b) => (b.sample === undefined) !== (b.imeis === undefined), {
    message: 'nothingSelected',
    path: ['sample'],
  });
export type RefreshBody = z.input<typeof refreshBody>;

interface RefreshAsked {
  /** The command's id (device_commands), for command/acks. */
  id: number;
  imei: string;
  name: string | null;
  /** Delivery status of the publish (DELIVERY). */
  status: number;
}
export interface RefreshAnswer {
  asked: RefreshAsked[];
  /** Chosen devices not asked: offline, or not in the caller's scope (message keys). */
  skipped: { imei: string; key: 'deviceOffline' | 'notFound' }[];
}
