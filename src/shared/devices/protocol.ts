/**
 * The native device protocol (docs/device-protocol.md): what a device publishes on
 * `sfwatch/{imei}/up` and what the platform sends on `sfwatch/{imei}/server`. Payloads are
 * JSON or CBOR (the "compact binary" of docs/requirements/entities.md#device); both decode to the same objects,
 * validated here.
 */
import { z } from 'zod';
import { isBadText } from '../text';
import { COMMANDS, METRICS, SWITCH_MODES, VALVE_ACTIONS } from './kinds';
import { accessRightsParams, accessSyncFields, accessUplinkFields, armCardParams } from './access';
import { adPlayFields, adPushParams, adSyncFields, adWithdrawParams } from './ads';
import { faceLibraryParams } from './faces';
import { deviceSettingsSchema } from './settings';

/** Larger uplink payloads are dropped unread. */
export const MAX_PAYLOAD_BYTES = 8 * 1024;

/** Device identifiers: IMEI (15 digits) or another serial of 6-20 letters and digits. */
export const IMEI_RE = /^[0-9A-Za-z]{6,20}$/;

/**
 * Timestamps under 13 digits are seconds (docs/requirements/constants.md#tables-trees-and-formats), else milliseconds.
 */
export function toMillis(ts: number): number {
  return ts < 1e12 ? ts * 1000 : ts;
}

/**
 * The message times the ingest keeps (docs/device-protocol.md "Message ids"): at most this far
 * ahead of the receive time and not before 2000; any other is replaced by the receive time.
 */
export const UPLINK_MAX_AHEAD_MS = 86_400_000;
export const UPLINK_MIN_TS = 946_684_800_000;

/**
 * NUL and unpaired UTF-16 surrogates cannot be stored as PostgreSQL text or jsonb: a message
 * carrying one is refused at the edge with this message, never handed to the database.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !isBadText(v), 'text holds a NUL byte or an unpaired surrogate');

const common = {
  /** Milliseconds (or seconds, see toMillis) since the epoch; the receive time when absent. */
  ts: z.number().positive().optional(),
  /** The device's message id; a repeated id is stored once (QoS 1 redelivery). */
  id: z.union([text(64), z.number().int().nonnegative()]).optional(),
};

const metricValues = z.partialRecord(z.enum(METRICS), z.number().finite());

export const ALARM_EVENTS = [
  'sos',
  'fall',
  'collision',
  'wearOn',
  'wearOff',
  'fireButton',
  'smoke',
  'gasLeak',
  'powerLoss',
  'fault',
  'mute',
  'button',
  'nearElectricity',
  'soundLight',
  'lowBattery',
] as const;
export type AlarmEvent = (typeof ALARM_EVENTS)[number];

/** A cell tower heard by the device (LBS): the ids of OpenCellID's CSV; signal in dBm when known. */
const cellSchema = z.object({
  mcc: z.number().int().min(0).max(999),
  mnc: z.number().int().min(0).max(999),
  lac: z.number().int().min(0).max(0xffffffff),
  cid: z.number().int().min(0).max(0xffffffffff),
  signal: z.number().int().min(-200).max(0).optional(),
});
export type Cell = z.infer<typeof cellSchema>;
/** A Wi-Fi access point heard by the device; signal in dBm when known. */
const wifiSchema = z.object({
  mac: z.string().regex(/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/),
  signal: z.number().int().min(-200).max(0).optional(),
});
export type WifiAp = z.infer<typeof wifiSchema>;

export const uplinkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('telemetry'),
    ...common,
    values: metricValues.refine((v) => Object.keys(v).length > 0, 'empty'),
  }),
  z
    .object({
      kind: z.literal('location'),
      ...common,
      lat: z.number().min(-90).max(90).optional(),
      lon: z.number().min(-180).max(180).optional(),
      alt: z.number().finite().optional(),
      /** km/h */
      speed: z.number().min(0).max(2000).optional(),
      heading: z.number().min(0).max(360).optional(),
      /** metres */
      accuracy: z.number().min(0).optional(),
      source: z.enum(['gps', 'lbs', 'wifi', 'uwb']).default('gps'),
      /** UWB: metres on the floor's drawing. */
      x: z.number().finite().optional(),
      y: z.number().finite().optional(),
      z: z.number().finite().optional(),
      floor: text(32).optional(),
      /** The receiver's own verdict on its fix (GPS 'A'/'V'); absent: valid. */
      valid: z.boolean().optional(),
      satellites: z.number().int().min(0).max(99).optional(),
      /** Cell towers heard (LBS), serving cell first. */
      cells: z.array(cellSchema).max(16).optional(),
      /** Wi-Fi access points heard. */
      wifi: z.array(wifiSchema).max(32).optional(),
    })
    .refine(
      (m) =>
        (m.lat !== undefined && m.lon !== undefined) ||
        (m.x !== undefined && m.y !== undefined) ||
        !!m.cells?.length ||
        !!m.wifi?.length,
      'position',
    ),
  z.object({
    kind: z.literal('status'),
    ...common,
    online: z.boolean().optional(),
    battery: z.number().min(0).max(100).optional(),
    signal: z.number().int().min(0).max(4).optional(),
    mainsPower: z.union([z.literal(0), z.literal(1)]).optional(),
    charging: z.boolean().optional(),
    wearing: z.boolean().optional(),
    appVersion: text(64).optional(),
    systemVersion: text(64).optional(),
    iccid: text(32).optional(),
    imsi: text(32).optional(),
  }),
  z.object({
    kind: z.literal('alarm'),
    ...common,
    alarm: z.enum(ALARM_EVENTS),
    value: z.number().finite().optional(),
    note: text(200).optional(),
  }),
  /**
   * A device event that raises no alarm (a tracker's overspeed, vibration, harsh driving, ...),
   * stored under its protocol's name (docs/protocols.md).
   */
  z.object({
    kind: z.literal('event'),
    ...common,
    name: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/),
    value: z.number().finite().optional(),
    note: text(200).optional(),
  }),
  z.object({
    kind: z.literal('call'),
    ...common,
    roomNo: text(32),
    community: text(64).optional(),
    building: text(32).optional(),
    unit: text(32).optional(),
  }),
  /** A door unit issued an access card (pushed to consoles as code 5084). */
  z.object({ kind: z.literal('card'), ...common, cardInfo: text(200).refine((v) => v.length > 0, 'empty') }),
  z.object({
    kind: z.literal('ack'),
    ...common,
    ref: z.number().int().positive(),
    ok: z.boolean(),
    msg: text(200).optional(),
  }),
  /** A door unit opened or refused (docs/device-protocol.md#door-access). */
  z.object({ kind: z.literal('access'), ...common, ...accessUplinkFields }),
  /** A door unit asks for its credential list (answered with an accessRights command). */
  z.object({ kind: z.literal('accessSync'), ...common, ...accessSyncFields }),
  /** A door unit played an ad (docs/device-protocol.md#advertising). */
  z.object({ kind: z.literal('adPlay'), ...common, ...adPlayFields }),
  /** A door unit names the ads it holds (on connecting); the service brings it up to date. */
  z.object({ kind: z.literal('adSync'), ...common, ...adSyncFields }),
]);
export type Uplink = z.infer<typeof uplinkSchema>;

/** Parameters of each command (docs/requirements/entities.md#device-commands). */
export const commandParams = {
  locate: z.object({}).strict(),
  restart: z.object({}).strict(),
  report: z.object({}).strict(),
  /** Report / positioning interval in seconds. */
  setInterval: z.object({ seconds: z.number().int().min(10).max(86_400) }).strict(),
  switch: z.object({ mode: z.enum(SWITCH_MODES) }).strict(),
  valve: z.object({ action: z.enum(VALVE_ACTIONS) }).strict(),
  /** Blank mp3 means the device's default audio (docs/requirements/validation.md#required-fields). */
  broadcast: z
    .object({
      mp3: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(500)]).optional(),
      /** Text the device speaks with its own synthesiser (pubMusic's text-to-speech). */
      text: text(500).optional(),
    })
    .strict(),
  /** Speaker volume, 0 (mute) to 100 (controlBar). */
  volume: z.object({ level: z.number().int().min(0).max(100) }).strict(),
  /** A locator's relay (GT06 RELAY,1# / RELAY,0#): `on` cuts the wired circuit, off restores it. */
  relay: z.object({ on: z.boolean() }).strict(),
  /**
   * A raw command in the device's own protocol (docs/protocols.md "Commands"): the text a GT06 or
   * watch takes, or for JT/T 808 the message id and body in hex. Administrators only.
   */
  custom: z
    .object({
      text: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[\x20-\x7e]+$/, 'printable ASCII only'),
    })
    .strict(),
  /** Breakers: refuse open and close until unlocked (docs/device-protocol.md#breakers-and-gateways). */
  lock: z.object({}).strict(),
  unlock: z.object({}).strict(),
  /**
   * Join a conference room with media (order/manyVideoCallToJuphoon, docs/device-protocol.md#video-calls):
   * the SFU channel, the device's uid and token in it, and who invited it. Only the service sends it.
   */
  videoCall: z
    .object({
      channel: z.string().regex(/^[0-9A-Za-z_-]{1,63}$/),
      roomId: text(32),
      uid: z.string().regex(/^\d{1,10}$/),
      token: z.string().min(1).max(1000),
      /** The inviter's uid; absent when the device is only watched (the monitoring wall): it stays while someone receives it. */
      by: z
        .string()
        .regex(/^\d{1,10}$/)
        .optional(),
      video: z.boolean(),
      hide: z.boolean(),
    })
    .strict(),
  /** Door units: the whole credential list under a version (docs/device-protocol.md#door-access). Only the service sends it. */
  accessRights: accessRightsParams,
  /** Door units: report the next card read (card issuing, 5084). Only the service sends it. */
  armCard: armCardParams,
  /** Door units: play an ad on the screen per its schedule (docs/device-protocol.md#advertising). Only the service sends it. */
  adPush: adPushParams,
  /** Door units: stop playing an ad and delete it. Only the service sends it. */
  adWithdraw: adWithdrawParams,
  /** Door units: fetch a face library (docs/device-protocol.md#faces). Only the service sends it. */
  faceLibrary: faceLibraryParams,
} satisfies Record<(typeof COMMANDS)[number], z.ZodType>;

/** `POST /api/device/command/send`. */
export const sendCommandBody = z.discriminatedUnion('cmd', [
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('locate'), params: commandParams.locate.default({}) }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('restart'), params: commandParams.restart.default({}) }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('report'), params: commandParams.report.default({}) }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('setInterval'), params: commandParams.setInterval }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('switch'), params: commandParams.switch }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('valve'), params: commandParams.valve }),
  z.object({
    imei: z.string().regex(IMEI_RE),
    cmd: z.literal('broadcast'),
    params: commandParams.broadcast.default({}),
  }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('volume'), params: commandParams.volume }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('lock'), params: commandParams.lock.default({}) }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('unlock'), params: commandParams.unlock.default({}) }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('relay'), params: commandParams.relay }),
  z.object({ imei: z.string().regex(IMEI_RE), cmd: z.literal('custom'), params: commandParams.custom }),
]);
export type SendCommandBody = z.infer<typeof sendCommandBody>;

/** Commands the service sends on its own behalf, never on an operator's command/send or sendMany. */
const SERVICE_ONLY_COMMANDS: readonly string[] = [
  'videoCall',
  'accessRights',
  'armCard',
  'adPush',
  'adWithdraw',
  'faceLibrary',
];

/** Devices one batch (controlBar, pubMusic) may address at once. */
export const MAX_BATCH_DEVICES = 200;

/** `POST /api/device/command/sendMany`: one command to many devices, each answered on its own. */
export const sendManyCommandBody = z
  .object({
    imeis: z.array(z.string().regex(IMEI_RE)).min(1).max(MAX_BATCH_DEVICES),
    cmd: z.enum(COMMANDS),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((b, ctx) => {
    const params = commandParams[b.cmd].safeParse(b.params);
    if (!params.success)
      for (const issue of params.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['params', ...issue.path.map(String)] });
    if (new Set(b.imeis).size !== b.imeis.length)
      ctx.addIssue({ code: 'custom', message: 'duplicateValues', path: ['imeis'] });
    // Its token comes from the service only (order/manyVideoCallToJuphoon).
    if (SERVICE_ONLY_COMMANDS.includes(b.cmd)) ctx.addIssue({ code: 'custom', message: 'noCommand', path: ['cmd'] });
  });

/** `POST /api/device/command/acks`: the delivery state and acknowledgement of commands by id. */
export const commandAcksBody = z.object({ ids: z.array(z.number().int().positive()).min(1).max(500) });

/** Platform to device on `sfwatch/{imei}/server`; the device answers with an `ack` whose ref is `id`. */
export const downlinkSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('command'),
    id: z.number().int().positive(),
    cmd: z.enum(COMMANDS),
    params: z.record(z.string(), z.unknown()),
  }),
  z.object({ kind: z.literal('settings'), id: z.number().int().positive(), settings: deviceSettingsSchema }),
]);
export type Downlink = z.infer<typeof downlinkSchema>;
// A console's open-door request (code 5082) shares the downlink topic: openDoorPushSchema in
// src/shared/alarms/push.ts, with the door unit's 5091 answer.
