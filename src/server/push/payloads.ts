/**
 * What consoles receive on `acm/{userId}/web` (shared/alarms/push.ts), built from what the
 * service knows. Pure: the push plugin addresses and sends them.
 */
import type { AlarmPatch } from '../../shared/alarms/push';
import { alarmTypeInfo } from '../../shared/alarms/types';
import {
  PUSH_CODE,
  type AlarmRecord,
  type CardPush,
  type DoorCallPush,
  type OpenSos,
  SOS_REMINDER_LISTED,
  type SosPush,
  type VoiceNotice,
} from '../../shared/alarms/push';
import type { Uplink } from '../../shared/devices/protocol';
import type { AlarmContext } from '../alarms/hub';

export const SOS_TYPE = 15;
export const CRITICAL_LEVEL = 3;

export function alarmPush(alarm: AlarmRecord) {
  return { code: PUSH_CODE.alarm, alarm };
}

export function alarmUpdatePush(ids: number[], patch: AlarmPatch) {
  return {
    code: PUSH_CODE.alarmUpdate,
    ids,
    ...(patch.read === undefined ? {} : { read: patch.read }),
    ...(patch.handleState === undefined ? {} : { handleState: patch.handleState }),
    ...(patch.ackedAt === undefined ? {} : { ackedAt: patch.ackedAt, ackedByName: patch.ackedByName ?? '' }),
  };
}

/** docs/requirements/realtime-intercom.md#sos-alarm: who calls for help, and where. */
export function sosPush(alarm: AlarmRecord, context: AlarmContext): SosPush {
  return {
    code: PUSH_CODE.sos,
    name: alarm.personName || alarm.deviceName || alarm.imei,
    building: context.building ?? '',
    unit: context.unit ?? '',
    roomNo: context.roomNo ?? '',
    userPhone: alarm.personPhone ?? '',
    imei: alarm.imei,
    alarmId: alarm.id,
    lat: alarm.lat,
    lon: alarm.lon,
  };
}

/**
 * One console's reminder of the SOS still open for it (oldest first): a 9003 of the newest, as an
 * escalation's ring always was, listing the newest SOS_REMINDER_LISTED and counting them all, so
 * the console's dialog lists them and says how many wait ("N SOS still open").
 */
export function sosReminderPush(open: readonly { alarm: AlarmRecord; context: AlarmContext }[]): SosPush {
  const listed = open.slice(-SOS_REMINDER_LISTED).reverse();
  const items = listed.map(({ alarm, context }): OpenSos => {
    const { code: _code, ...item } = sosPush(alarm, context);
    return item;
  });
  return { code: PUSH_CODE.sos, ...items[0]!, openCount: open.length, open: items };
}

/** What the console speaks for `n` critical alarms still open, the newest `alarm`. */
export function reminderNotice(alarm: AlarmRecord, n: number): VoiceNotice {
  if (n <= 1) return voiceNotice(alarm);
  return { msgContent: `仍有 ${n} 条紧急告警未处理`, alarmId: alarm.id, level: alarm.level };
}

/**
 * What the console speaks for a critical alarm (docs/requirements/realtime-broker.md#voice-broadcast-socket),
 * in Chinese like the rest of the UI.
 */
export function voiceNotice(alarm: AlarmRecord): VoiceNotice {
  const what = alarmTypeInfo(alarm.type)?.cn ?? alarm.title;
  const who = alarm.deviceName || alarm.personName || alarm.imei;
  return { msgContent: `紧急告警：${who} ${what}`.slice(0, 500), alarmId: alarm.id, level: alarm.level };
}

export function cardPush(imei: string, cardInfo: string): CardPush {
  return { code: PUSH_CODE.cardIssued, cardInfo, imei };
}

/** The parts of a door call that are the same for every console it rings. */
interface CallBase {
  imei: string;
  channel: string;
  appId: string;
  deviceUid: string;
  deviceToken: string;
  call: Extract<Uplink, { kind: 'call' }>;
}

/** docs/requirements/realtime-intercom.md#incoming-call-message, for one console (its own uid and token). */
export function doorCallPush(base: CallBase, appUid: string, appToken: string, pushTime: number): DoorCallPush {
  return {
    code: PUSH_CODE.doorCall,
    type: 1,
    imei: base.imei,
    channel: base.channel,
    appId: base.appId,
    appToken,
    appUid,
    deviceUid: base.deviceUid,
    deviceToken: base.deviceToken,
    community: base.call.community ?? '',
    building: base.call.building ?? '',
    unit: base.call.unit ?? '',
    roomNo: base.call.roomNo || '000000',
    status: 0,
    pushTime,
  };
}
