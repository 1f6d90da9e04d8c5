/**
 * What the service pushes to consoles on `acm/{userId}/web` (and `acm/notice/web`), what a console
 * publishes to a door unit on `sfwatch/{imei}/server`, and what the unit answers on
 * `sfwatch/{imei}/client` (docs/requirements/realtime-broker.md#message-codes). One schema each: the service builds
 * them, the console's live bridge validates them, the simulator answers them.
 */
import { z } from 'zod';
import { jobPushSchema } from '../jobs';
import { announcementPushSchema, announcementWithdrawnPushSchema } from '../announcements';
import { approvalPushSchema } from '../approvals';

/**
 * Push codes. 9003, 5084, 5082 and 5091 are required (docs/requirements/realtime-broker.md#message-codes); 5081, 9001,
 * 9002 and 9010 are ours.
 */
export const PUSH_CODE = {
  /** A door unit calls (docs/requirements/realtime-intercom.md#incoming-call-message). */
  doorCall: '5081',
  /** Console asks the door unit to open (docs/requirements/realtime-intercom.md#unlock). */
  openDoor: '5082',
  /** A card was issued to a device (docs/requirements/realtime-intercom.md#card-issued-notice). */
  cardIssued: '5084',
  /** The door unit confirms the unlock; type 3 (docs/requirements/realtime-intercom.md#unlock). */
  unlocked: '5091',
  /** Any new alarm record for this user. */
  alarm: '9001',
  /** An alarm was read or handled by someone (keeps every console's list in step). */
  alarmUpdate: '9002',
  /** SOS (docs/requirements/realtime-intercom.md#sos-alarm). */
  sos: '9003',
  /** A system-wide notice (`acm/notice/web` only). */
  notice: '9010',
} as const;

/** Codes travel as strings; devices in the field also send them as numbers. */
const code = <C extends string>(c: C) => z.union([z.literal(c), z.literal(Number(c))]).transform(() => c);

/** The alarm record as the service answers it (list, get, push). */
export const alarmRecordSchema = z.object({
  id: z.number(),
  type: z.number(),
  /** Type 19 "recovery" names the type it recovers from here. */
  recoveredType: z.number().nullable(),
  code2: z.string().nullable(),
  level: z.number(),
  title: z.string(),
  imei: z.string(),
  deviceName: z.string().nullable(),
  deviceKind: z.string().nullable(),
  personName: z.string().nullable(),
  personPhone: z.string().nullable(),
  value: z.number().nullable(),
  threshold: z.number().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  location: z.string().nullable(),
  /** When it happened on the device (ISO). */
  ts: z.string(),
  createdAt: z.string(),
  read: z.number(),
  handleState: z.number(),
  handlerName: z.string().nullable(),
  handleNote: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** Acknowledged ("I'm on it"): when, and the operator's name (docs/alarms.md#acknowledgement-and-escalation). */
  ackedAt: z.string().nullable().optional(),
  ackedByName: z.string().nullable().optional(),
  tenantId: z.number(),
});
export type AlarmRecord = z.infer<typeof alarmRecordSchema>;

/** What changed on alarm records (push 9002): read, handled, acknowledged. */
export interface AlarmPatch {
  read?: number;
  handleState?: number;
  ackedAt?: string;
  ackedByName?: string;
}

/** What `alarm/since` answers: the record and what its live pushes carried beside it. */
const caughtUpContextSchema = z.object({
  building: z.string().default(''),
  unit: z.string().default(''),
  roomNo: z.string().default(''),
  cardInfo: z.string().optional(),
  /**
   * An escalation was opened for it: critical to its company, also when a policy names a type below level 3
   * (docs/alarms.md#acknowledgement-and-escalation).
   */
  escalated: z.boolean().optional(),
});
export const caughtUpAlarmSchema = alarmRecordSchema.extend({ context: caughtUpContextSchema.optional() });
export type CaughtUpAlarm = z.infer<typeof caughtUpAlarmSchema>;

export const alarmPushSchema = z.object({ code: code(PUSH_CODE.alarm), alarm: alarmRecordSchema });

export const alarmUpdatePushSchema = z.object({
  code: code(PUSH_CODE.alarmUpdate),
  ids: z.array(z.number()),
  read: z.number().optional(),
  handleState: z.number().optional(),
  /** Someone acknowledged them: every console stops ringing and shows who took them. */
  ackedAt: z.string().optional(),
  ackedByName: z.string().optional(),
});

/**
 * docs/requirements/realtime-intercom.md#sos-alarm: code 9003 with name, building, unit, roomNo, userPhone (plus the
 * record).
 */
const sosFields = {
  name: z.string(),
  building: z.string(),
  unit: z.string(),
  roomNo: z.string(),
  userPhone: z.string(),
  imei: z.string(),
  alarmId: z.number().optional(),
  lat: z.number().nullable().optional(),
  lon: z.number().nullable().optional(),
};
/** One SOS of a reminder's list. */
const openSosSchema = z.object(sosFields);
export type OpenSos = z.infer<typeof openSosSchema>;
export const sosPushSchema = z.object({
  code: code(PUSH_CODE.sos),
  ...sosFields,
  /**
   * A reminder (an escalation ringing again, coalesced per console): how many SOS are still open
   * for this console and the newest of them (at most SOS_REMINDER_LISTED), this one among them.
   */
  openCount: z.number().optional(),
  open: z.array(openSosSchema).optional(),
});
export type SosPush = z.infer<typeof sosPushSchema>;
/** The SOS a reminder lists in full; `openCount` counts them all. */
export const SOS_REMINDER_LISTED = 20;

/** docs/requirements/realtime-intercom.md#card-issued-notice: code 5084 with cardInfo and imei. */
export const cardPushSchema = z.object({ code: code(PUSH_CODE.cardIssued), cardInfo: z.string(), imei: z.string() });
export type CardPush = z.infer<typeof cardPushSchema>;

/**
 * docs/requirements/realtime-intercom.md#incoming-call-message. The call is accepted only if channel, appToken,
 * appUid, deviceUid and deviceToken are all present, so they are optional here and checked by
 * `callIsComplete`.
 */
export const doorCallPushSchema = z.object({
  code: code(PUSH_CODE.doorCall),
  type: z.number().default(1),
  imei: z.string(),
  channel: z.string().optional(),
  appId: z.string().optional(),
  appToken: z.string().optional(),
  appUid: z.union([z.string(), z.number()]).optional(),
  deviceUid: z.union([z.string(), z.number()]).optional(),
  deviceToken: z.string().optional(),
  community: z.string().default(''),
  building: z.string().default(''),
  unit: z.string().default(''),
  roomNo: z.string().default('000000'),
  status: z.number().default(0),
  pushTime: z.union([z.number(), z.string()]),
});
export type DoorCallPush = z.infer<typeof doorCallPushSchema>;

export function callIsComplete(c: DoorCallPush): boolean {
  return Boolean(
    c.channel &&
    c.appToken &&
    c.appUid !== undefined &&
    c.appUid !== '' &&
    c.deviceUid !== undefined &&
    c.deviceUid !== '' &&
    c.deviceToken,
  );
}

/**
 * docs/requirements/realtime-intercom.md#unlock: the console asks to open (QoS 0, not retained) on
 * `sfwatch/{imei}/server`.
 */
export const openDoorPushSchema = z.object({
  code: code(PUSH_CODE.openDoor),
  imei: z.string(),
  userId: z.union([z.string(), z.number()]),
});

/**
 * docs/requirements/realtime-intercom.md#unlock: the door unit confirms on `sfwatch/{imei}/client` with code 5091,
 * type 3.
 */
export const unlockedPushSchema = z.object({
  code: code(PUSH_CODE.unlocked),
  type: z.union([z.literal(3), z.literal('3')]).transform(() => 3 as const),
  imei: z.string(),
  userId: z.union([z.string(), z.number()]).optional(),
});

export const noticePushSchema = z.object({ code: code(PUSH_CODE.notice), title: z.string(), content: z.string() });

/** Anything that may arrive on a console's own topics. */
export const consolePushSchema = z.union([
  alarmPushSchema,
  alarmUpdatePushSchema,
  sosPushSchema,
  cardPushSchema,
  doorCallPushSchema,
  unlockedPushSchema,
  noticePushSchema,
  jobPushSchema,
  announcementPushSchema,
  announcementWithdrawnPushSchema,
  approvalPushSchema,
]);
export type ConsolePush = z.infer<typeof consolePushSchema>;

/** Voice-broadcast socket (docs/requirements/realtime-broker.md#voice-broadcast-socket). */
export const VOICE_WS_PATH = '/api/voice/ws';
/** What the service pushes; the console speaks `msgContent`. */
export const voiceNoticeSchema = z.object({
  msgContent: z.string().min(1).max(500),
  alarmId: z.number().optional(),
  level: z.number().optional(),
});
export type VoiceNotice = z.infer<typeof voiceNoticeSchema>;

/** Constants of docs/requirements/constants.md (calls and media, sockets, message-queue client). */
export const REALTIME = {
  ringSeconds: 30,
  closeDelayMs: 1000,
  mqttKeepAliveS: 60,
  reconnectMinMs: 1000,
  reconnectMaxMs: 128_000,
  offlineBuffer: 5000,
  voiceReconnectMs: 6000,
  voiceIdleMs: 25_000,
  voicePongWaitMs: 25_000,
  speech: { lang: 'zh-CN', volume: 0.6, rate: 2, pitch: 1 },
} as const;
