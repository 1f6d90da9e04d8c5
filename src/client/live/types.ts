import type { AlarmRecord, CardPush, DoorCallPush, SosPush } from '../../shared/alarms/push';
import type { Job } from '../../shared/jobs';
import type { AnnouncementPushItem } from '../../shared/announcements';
import type { ApprovalPush } from '../../shared/approvals';

/** What the header dot shows. */
export type LiveStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting';

/** The part of an mqtt.js client the bridge uses; tests hand in a fake with the same shape. */
export interface MqttLike {
  connected: boolean;
  on(event: 'connect' | 'close' | 'offline' | 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  subscribe(topic: string | string[], opts: { qos: 0 | 1 | 2 }): unknown;
  unsubscribe(topic: string | string[]): unknown;
  publish(topic: string, message: string, opts: { qos: 0 | 1 | 2; retain: boolean }): unknown;
  reconnect(): unknown;
  end(force?: boolean): unknown;
}

/** The options the bridge passes to mqtt.js `connect` (a subset of its IClientOptions). */
export interface MqttOptions {
  clientId: string;
  username: string;
  password: string;
  keepalive: number;
  reconnectPeriod: number;
  clean: boolean;
  resubscribe: boolean;
  queueQoSZero: boolean;
  connectTimeout: number;
}

export type MqttConnect = (url: string, options: MqttOptions) => MqttLike | Promise<MqttLike>;

export interface PublishOptions {
  qos: 0 | 1 | 2;
  retain: boolean;
}

/** Events the bridge feeds to the shell. `missed` marks alarms fetched after a reconnect. */
export interface LiveEvents {
  status: LiveStatus;
  alarms: { alarms: AlarmRecord[]; missed: boolean };
  /** Read, handled or acknowledged (push 9002); `ackedAt`/`ackedByName` when someone took them. */
  alarmUpdate: { ids: number[]; ackedAt?: string; ackedByName?: string };
  /** An escalation step sent again an alarm this console already has, and nobody acknowledged it yet: ring again. */
  alarmAgain: { alarm: AlarmRecord };
  sos: SosPush;
  /**
   * A critical alarm other than an SOS (whose dialog comes with 9003) that nobody took: new live, or missed and
   * caught up after a reconnect. It opens the critical-alarm dialog (docs/alarms.md#acknowledgement-and-escalation).
   */
  critical: { alarm: AlarmRecord };
  card: CardPush;
  doorCall: DoorCallPush;
  unlocked: { imei: string };
  notice: { title: string; content: string };
  job: Job;
  /** An announcement reached this user (push 9060). */
  announcement: AnnouncementPushItem;
  /** An announcement this user received was withdrawn (push 9061). */
  announcementWithdrawn: { id: number };
  /** An approval waits for this user, or this user's request was decided (push 9050). */
  approval: ApprovalPush;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
};
