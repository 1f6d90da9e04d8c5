/**
 * Bodies and answers of the alarm and intercom routes beyond the generic list/get/export of the
 * alarm resource (`POST /api/device/alarm/list|get|export`).
 */
import { z } from 'zod';
import { isoDate } from '../dates';
import { IMEI_RE } from '../devices/protocol';
import { ALARM_HANDLE } from './types';

const ids = z.array(z.number().int().positive()).min(1, 'nothingSelected').max(1000, 'tooLarge');

/**
 * `POST /api/device/alarm/read` and `/handle`. Idempotent: replaying the same body (a mutation
 * queued offline and sent twice) changes nothing the second time. `requestId` is the client's
 * idempotency key, logged with the change.
 */
export const alarmReadBody = z.object({ ids, requestId: z.string().max(64).optional() });
export const alarmHandleBody = z.object({
  ids,
  state: z.union([z.literal(ALARM_HANDLE.handled), z.literal(ALARM_HANDLE.falseAlarm)]),
  note: z.string().trim().max(500, 'tooLong').optional(),
  requestId: z.string().max(64).optional(),
});
export type AlarmHandleBody = z.infer<typeof alarmHandleBody>;

/** `POST /api/device/alarm/ack`: "I'm on it" (docs/alarms.md#acknowledgement-and-escalation). */
export const alarmAckBody = z.object({ ids, requestId: z.string().max(64).optional() });
/** Its answer: how many this call took, and who holds each of `ids` that is acknowledged. */
export interface AlarmAckResult {
  updated: number;
  taken: { id: number; ackedByName: string | null; ackedAt: string | null }[];
}

/** `POST /api/device/alarm/since`: alarms created after `after` (a reconnecting console catches up), oldest first. */
export const alarmSinceBody = z.object({ after: isoDate, limit: z.number().int().min(1).max(500).default(200) });

/** `POST /api/device/alarm/stats` (/alarmTongji): counts over a period. */
export const alarmStatsBody = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** Bucket of the trend series. */
  bucket: z.enum(['hour', 'day']).default('day'),
});
export interface AlarmStats {
  total: number;
  unread: number;
  pending: number;
  byType: { type: number; count: number }[];
  byLevel: { level: number; count: number }[];
  byKind: { kind: string; count: number }[];
  byHandle: { state: number; count: number }[];
  trend: { at: string; count: number }[];
  topDevices: { imei: string; name: string | null; count: number }[];
  /**
   * Time to acknowledge (seconds) of the alarms that were acknowledged, by type and by operator
   * (docs/alarms.md#acknowledgement-and-escalation), and how many alarms escalated (a step fired).
   */
  response: {
    byType: ResponseTimes<{ type: number }>[];
    byOperator: ResponseTimes<{ name: string }>[];
    escalated: number;
  };
}

type ResponseTimes<K> = K & { acknowledged: number; medianS: number; p90S: number };

/** `POST /api/device/alarm/timeline`: what happened to one alarm, in order. */
export const alarmTimelineBody = z.object({ id: z.number().int().positive() });
export interface AlarmTimelineEntry {
  at: string;
  kind: 'raised' | 'notified' | 'acknowledged' | 'handled';
  /** notified: the escalation step (0 = first), channel, whom (users' names or the number/address) and outcome. */
  step?: number;
  channel?: string;
  target?: string;
  /** 'sent' | 'failed' | 'waiting' | 'nobody' */
  outcome?: string;
  error?: string | null;
  /** acknowledged/handled: by whom. */
  by?: string | null;
  /** acknowledged: not on a console but from a phone's notification ('push') or a reply link ('link'). */
  via?: 'push' | 'link';
}
/**
 * A staff member near an alarm (docs/alarms.md "Nearest staff first"): on duty, with the device
 * bound to them that was nearest (a phone sharing its position, a wearable) and its last fix.
 */
export interface NearbyStaff {
  userId: number;
  name: string;
  phone: string | null;
  imei: string;
  deviceName: string | null;
  kind: string;
  lat: number;
  lon: number;
  /** Metres from the alarm's position. */
  distanceM: number;
  /** When the device last reported its position (ISO). */
  fixAt: string | null;
}

export interface AlarmTimeline {
  policyName: string | null;
  /** running | acknowledged | done | none (no escalation) */
  escalation: 'running' | 'acknowledged' | 'done' | 'none';
  nextDueAt: string | null;
  entries: AlarmTimelineEntry[];
}

/** `POST /api/device/alarm/unreadCount` answers `{ unread: number }`. */

const imei = z.string().trim().regex(IMEI_RE, 'imeiInvalid');
const roomNo = z.string().trim().min(1).max(32);

/**
 * docs/requirements/realtime-intercom.md#intercom-calls: `POST /api/device/voiceNet/buildToken` {imei, roomNo} ->
 * {deviceUid, deviceToken}.
 */
export const buildTokenBody = z.object({ imei, roomNo });
export interface BuildTokenAnswer {
  deviceUid: string;
  deviceToken: string;
  channel: string;
  appId: string;
}
/**
 * docs/requirements/realtime-intercom.md#intercom-calls: `POST /api/device/voiceNet/property/answer` {imei, roomNo?}:
 * hang-up; the answer is ignored.
 */
export const propertyAnswerBody = z.object({ imei, roomNo: roomNo.optional() });
