import type { AlarmRecord } from '../../shared/alarms/push';
import type { PhoneAlarmPush, PhonePushKind } from '../../shared/alarms/phone-push';
import type { AlarmContext } from '../alarms/hub';
import { SOS_TYPE } from '../push/payloads';

const FALL_TYPE = 13;

/** Which of the user's push kinds a new alarm is. */
export const alarmPushKind = (alarm: Pick<AlarmRecord, 'type'>): PhonePushKind =>
  alarm.type === SOS_TYPE ? 'sos' : alarm.type === FALL_TYPE ? 'fall' : 'critical';

interface PhoneAlarmExtras {
  timeZone: string;
  ack: string | null;
  /** Set for an escalation step's push (its kind is then 'escalation'). */
  step?: number;
  distanceM?: number | null;
}

/** An alarm as a phone's notification shows it (src/shared/alarms/phone-push.ts). */
export function phoneAlarmPush(alarm: AlarmRecord, context: AlarmContext, extras: PhoneAlarmExtras): PhoneAlarmPush {
  const door = [context.community, context.building, context.unit, context.roomNo].filter(Boolean).join(' ');
  return {
    v: 1,
    kind: 'alarm',
    push: extras.step === undefined ? alarmPushKind(alarm) : 'escalation',
    alarmId: alarm.id,
    type: alarm.type,
    level: alarm.level,
    sos: alarm.type === SOS_TYPE,
    title: alarm.title,
    device: alarm.deviceName ?? alarm.imei,
    person: alarm.personName,
    place: alarm.location ?? (door || null),
    lat: alarm.lat,
    lon: alarm.lon,
    at: alarm.ts,
    timeZone: extras.timeZone,
    tag: `alarm-${alarm.id}`,
    ack: extras.ack,
    ...(extras.step === undefined ? {} : { step: extras.step }),
    ...(extras.distanceM === undefined ? {} : { distanceM: extras.distanceM }),
  };
}
