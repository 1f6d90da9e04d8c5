/**
 * What a Web Push to a patrol phone carries (docs/alarms.md "Push to phones"): the service encrypts
 * it for each subscription (src/server/webpush/), the console's service worker shows it. Versioned,
 * so a service worker that is older than the service can tell.
 */

/**
 * What a user can choose to have pushed to their phones: SOS, falls, the other critical alarms,
 * escalation steps addressed to them, and door calls for the staff of the unit. An SOS reaches
 * on-duty staff whatever they chose.
 */
export const PHONE_PUSH_KINDS = ['sos', 'fall', 'critical', 'escalation', 'doorCall'] as const;
export type PhonePushKind = (typeof PHONE_PUSH_KINDS)[number];

export interface PhoneAlarmPush {
  v: 1;
  kind: 'alarm';
  /** Which of PHONE_PUSH_KINDS this push is (an escalation step's reminder is 'escalation'). */
  push: PhonePushKind;
  alarmId: number;
  type: number;
  level: number;
  sos: boolean;
  /** The alarm's title as the consoles show it. */
  title: string;
  /** The device's name, or its IMEI. */
  device: string;
  person: string | null;
  /** Where: the alarm's address, or the door unit's community, building, unit and room. */
  place: string | null;
  lat: number | null;
  lon: number | null;
  /** When it happened on the device (ISO). */
  at: string;
  /** The tenant's time zone (IANA), so the phone shows the time on the site's clock. */
  timeZone: string;
  /** The notification's tag: a repeat of the same alarm replaces it. */
  tag: string;
  /**
   * The notification's Acknowledge action: POST here (same origin, no session needed: a signed,
   * single-purpose token for this alarm and this user, docs/alarms.md "Acknowledge by replying").
   * Null when the service could not sign one.
   */
  ack: string | null;
  /** The escalation step that sent it, for an escalation push. */
  step?: number;
  /** For the `nearest` target: how far the user's phone or wearable was from the alarm, metres. */
  distanceM?: number | null;
}

export interface PhoneDoorCallPush {
  v: 1;
  kind: 'doorCall';
  push: 'doorCall';
  /** The door unit's IMEI and name; its community, building, unit and room. */
  imei: string;
  device: string;
  place: string | null;
  at: string;
  timeZone: string;
  tag: string;
}

export type PhonePush = PhoneAlarmPush | PhoneDoorCallPush;
