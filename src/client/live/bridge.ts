import type { QueryClient } from '@tanstack/react-query';
import {
  PUSH_CODE,
  REALTIME,
  caughtUpAlarmSchema,
  consolePushSchema,
  type AlarmRecord,
  type CaughtUpAlarm,
  type ConsolePush,
} from '../../shared/alarms/push';
import { CRITICAL_LEVEL } from '../../shared/alarms/escalation';
import { ALARM_TYPE_BY_KEY } from '../../shared/alarms/types';
import { topics } from '../../shared/topics';
import { AlarmCursor } from './alarmCursor';
import { reconnectDelay } from './backoff';
import { Emitter } from './emitter';
import {
  realTimers,
  type LiveEvents,
  type LiveStatus,
  type MqttConnect,
  type MqttLike,
  type MqttOptions,
  type PublishOptions,
  type Timers,
} from './types';

export interface BridgeDeps {
  userId: number;
  token: string;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  /** mqtt.js `connect` (loaded lazily in the app, a fake in tests). */
  connect: MqttConnect;
  /** The broker's WebSocket URL. */
  resolveUrl: () => Promise<string>;
  /** `POST /api/device/alarm/since`: alarms created after `after`, oldest first. */
  fetchSince: (after: string) => Promise<AlarmRecord[]>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  timers?: Timers;
  now?: () => number;
  /** Subscribes to "the network is back" (window 'online'); answers the unsubscribe. */
  onOnline?: (listener: () => void) => () => void;
}

export interface LiveBridge {
  readonly status: LiveStatus;
  on: Emitter<LiveEvents>['on'];
  /** False when the message was dropped (the offline buffer is full or the bridge is closed). */
  publish(topic: string, payload: unknown, opts?: PublishOptions): boolean;
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  /**
   * Raw JSON messages of one topic (e.g. the tenant's live positions, which are not console
   * pushes); the caller validates them. Pair with subscribe(topic). Answers the removal.
   */
  onTopic(topic: string, listener: (payload: unknown) => void): () => void;
  close(): void;
}

/** Every query whose key starts with 'alarm' (the alarm resource, its stats and counts). */
function invalidateAlarms(queryClient: Pick<QueryClient, 'invalidateQueries'>): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('alarm'),
  });
}

/**
 * A missed critical alarm nobody took, whose dialog is not the SOS one (9003 brings that): level 3,
 * or one the catch-up says escalates (a company's policy may name a lesser type). Live, such an
 * alarm has its toast with 我来处理 (docs/alarms.md#acknowledgement-and-escalation).
 */
function opensCriticalDialog(alarm: AlarmRecord, escalated = false): boolean {
  if (alarm.type === ALARM_TYPE_BY_KEY.sos || alarm.ackedAt || alarm.handleState !== 0) return false;
  return alarm.level >= CRITICAL_LEVEL || escalated;
}

/** Acknowledged ids remembered; escalation repeats come within minutes of the alarm. */
const ACKED_LIMIT = 500;
/** A repeat of an alarm sooner than this is a duplicate; escalation steps are minutes apart. */
const REPEAT_QUIET_MS = 10_000;

function decode(payload: Uint8Array): ConsolePush | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return undefined;
  }
  const parsed = consolePushSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The console's one MQTT connection (style guide 7): subscribes the user's topics, validates every
 * message, feeds the shell through events and the query cache through invalidation, and catches
 * up on alarms missed while it was away. mqtt.js's own reconnect has a fixed period, so it is
 * turned off and the bridge drives the 1 s..128 s backoff itself.
 */
export function createLiveBridge(deps: BridgeDeps): LiveBridge {
  const timers = deps.timers ?? realTimers;
  const now = deps.now ?? Date.now;
  const events = new Emitter<LiveEvents>();
  const cursor = new AlarmCursor(deps.userId, deps.storage ?? localStorage);
  const base = [topics.userWeb(deps.userId), topics.noticeWeb];
  const extra = new Map<string, number>();
  const topicListeners = new Map<string, Set<(payload: unknown) => void>>();
  const buffer: { topic: string; message: string; opts: PublishOptions }[] = [];
  let client: MqttLike | undefined;
  let status: LiveStatus = 'idle';
  let attempt = 0;
  let retry: unknown;
  let connectedOnce = false;
  let closed = false;
  /** Alarms someone acknowledged: an escalation's repeat of them must not ring (bounded like the cursor). */
  const acked = new Set<number>();
  const markAcked = (ids: readonly number[]) => {
    for (const id of ids) acked.add(id);
    while (acked.size > ACKED_LIMIT) acked.delete(acked.values().next().value as number);
  };

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    events.emit('status', next);
  };

  /** When each alarm last arrived, so a quick duplicate is not taken for an escalation step. */
  const lastArrived = new Map<number, number>();
  const arrived = (id: number): number | undefined => {
    const before = lastArrived.get(id);
    lastArrived.delete(id);
    lastArrived.set(id, now());
    if (lastArrived.size > ACKED_LIMIT) lastArrived.delete(lastArrived.keys().next().value as number);
    return before;
  };

  const deliver = <A extends AlarmRecord>(alarms: A[], missed: boolean): A[] => {
    for (const a of alarms) arrived(a.id);
    const fresh = alarms.filter((a) => cursor.take(a));
    if (fresh.length) events.emit('alarms', { alarms: fresh, missed });
    return fresh;
  };

  /**
   * A missed SOS, other critical alarm or card opens the same dialog its live push would have (once: the
   * cursor delivers each alarm once, and the shell drops an alarm it already shows). A door call is not
   * rung again: its ring lasts 30 s, and its media tokens were for the live push only.
   */
  const replay = (alarm: CaughtUpAlarm) => {
    const c = alarm.context;
    if (alarm.type === ALARM_TYPE_BY_KEY.sos) {
      events.emit('sos', {
        code: PUSH_CODE.sos,
        name: alarm.personName || alarm.deviceName || alarm.imei,
        building: c?.building ?? '',
        unit: c?.unit ?? '',
        roomNo: c?.roomNo ?? '',
        userPhone: alarm.personPhone ?? '',
        imei: alarm.imei,
        alarmId: alarm.id,
        lat: alarm.lat,
        lon: alarm.lon,
      });
    } else if (alarm.type === ALARM_TYPE_BY_KEY.cardIssued && c?.cardInfo) {
      events.emit('card', { code: PUSH_CODE.cardIssued, cardInfo: c.cardInfo, imei: alarm.imei });
    } else if (opensCriticalDialog(alarm, c?.escalated)) {
      events.emit('critical', { alarm });
    }
  };

  const catchUp = async () => {
    const after = cursor.after();
    if (!after) return;
    try {
      const answer: unknown = await deps.fetchSince(after);
      // The answer is validated like a push: a malformed record is dropped, never shown half.
      const alarms = (Array.isArray(answer) ? answer : []).flatMap((row) => {
        const parsed = caughtUpAlarmSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      markAcked(alarms.filter((a) => a.ackedAt).map((a) => a.id));
      // One somebody already took opens no dialog: its list row says who.
      for (const alarm of deliver(alarms, true)) if (!alarm.ackedAt) replay(alarm);
    } catch {
      // The next reconnect tries again from the same cursor.
      return;
    }
    void invalidateAlarms(deps.queryClient);
  };

  const dispatch = (push: ConsolePush) => {
    switch (push.code) {
      case '9001': {
        if (push.alarm.ackedAt) markAcked([push.alarm.id]);
        if (acked.has(push.alarm.id)) {
          // Somebody took it: noted for the catch-up, never rung.
          cursor.take(push.alarm);
          void invalidateAlarms(deps.queryClient);
          break;
        }
        const before = lastArrived.get(push.alarm.id);
        const fresh = deliver([push.alarm], false).length > 0;
        // The same id again is an escalation step ringing once more (docs/alarms.md#acknowledgement-and-escalation);
        // within a few seconds it is a redelivery or a push racing the catch-up.
        const repeat = !fresh && (before === undefined || now() - before >= REPEAT_QUIET_MS);
        if (repeat) events.emit('alarmAgain', { alarm: push.alarm });
        void invalidateAlarms(deps.queryClient);
        break;
      }
      case '9002':
        if (push.ackedAt) markAcked(push.ids);
        events.emit('alarmUpdate', {
          ids: push.ids,
          ...(push.ackedAt ? { ackedAt: push.ackedAt, ackedByName: push.ackedByName ?? '' } : {}),
        });
        void invalidateAlarms(deps.queryClient);
        break;
      case '9003': {
        // A reminder lists the SOS still open for this console (server push/reminders.ts): those
        // somebody took are left out, and one whose newest was taken shows the next.
        const open = push.open?.filter((o) => o.alarmId === undefined || !acked.has(o.alarmId));
        if (push.alarmId !== undefined && acked.has(push.alarmId)) {
          if (open?.[0]) events.emit('sos', { ...push, ...open[0], open });
          break;
        }
        events.emit('sos', open ? { ...push, open } : push);
        break;
      }
      case '5084':
        events.emit('card', push);
        break;
      case '5081':
        events.emit('doorCall', push);
        break;
      case '5091':
        events.emit('unlocked', { imei: push.imei });
        break;
      case '9010':
        events.emit('notice', { title: push.title, content: push.content });
        break;
      case '9030':
        events.emit('job', push.job);
        void deps.queryClient.invalidateQueries({ queryKey: ['job'] });
        break;
      case '9060':
        events.emit('announcement', push.announcement);
        void deps.queryClient.invalidateQueries({ queryKey: ['announcementInbox'] });
        break;
      case '9061':
        events.emit('announcementWithdrawn', { id: push.id });
        void deps.queryClient.invalidateQueries({ queryKey: ['announcementInbox'] });
        break;
      case '9050':
        events.emit('approval', push);
        void deps.queryClient.invalidateQueries({ queryKey: ['approval'] });
        break;
    }
  };

  const scheduleReconnect = () => {
    if (closed || retry !== undefined) return;
    setStatus('reconnecting');
    retry = timers.setTimeout(() => {
      retry = undefined;
      if (!closed && client && !client.connected) client.reconnect();
    }, reconnectDelay(attempt++));
  };

  const onConnect = () => {
    if (closed || !client) return;
    attempt = 0;
    setStatus('connected');
    client.subscribe([...base, ...extra.keys()], { qos: 0 });
    for (const item of buffer.splice(0)) client.publish(item.topic, item.message, item.opts);
    if (connectedOnce) void catchUp();
    else cursor.advance(new Date(now()).toISOString());
    connectedOnce = true;
  };

  const stopOnline = deps.onOnline?.(() => {
    // The network is back: try now instead of waiting out a long backoff.
    if (closed || !client || client.connected) return;
    if (retry !== undefined) timers.clearTimeout(retry);
    retry = undefined;
    attempt = 0;
    client.reconnect();
  });

  const start = async () => {
    setStatus('connecting');
    const options: MqttOptions = {
      // The broker takes a console only under an id of its own user (docs/device-protocol.md "Client ids").
      clientId: `user_${deps.userId}_${now()}`,
      username: String(deps.userId),
      password: deps.token,
      keepalive: REALTIME.mqttKeepAliveS,
      reconnectPeriod: 0,
      clean: true,
      resubscribe: false,
      queueQoSZero: false,
      connectTimeout: 10_000,
    };
    try {
      const next = await deps.connect(await deps.resolveUrl(), options);
      if (closed) {
        next.end(true);
        return;
      }
      client = next;
    } catch {
      // No client yet (the library failed to load, a bad URL): start over on the same backoff.
      setStatus('reconnecting');
      retry = timers.setTimeout(() => {
        retry = undefined;
        if (!closed) void start();
      }, reconnectDelay(attempt++));
      return;
    }
    client.on('connect', onConnect);
    client.on('close', scheduleReconnect);
    // mqtt.js throws on an 'error' nobody listens to; a refused login also ends in 'close'.
    client.on('error', () => undefined);
    client.on('message', (topic, payload) => {
      const listeners = topicListeners.get(topic);
      if (listeners?.size) {
        let raw: unknown;
        try {
          raw = JSON.parse(new TextDecoder().decode(payload));
        } catch {
          return;
        }
        for (const listener of [...listeners]) {
          try {
            listener(raw);
          } catch (error) {
            // One broken screen must not stop the others; report it where it is visible.
            queueMicrotask(() => {
              throw error;
            });
          }
        }
        return;
      }
      const push = decode(payload);
      if (push) dispatch(push);
    });
    if (client.connected) onConnect();
  };
  void start();

  return {
    get status() {
      return status;
    },
    on: (name, listener) => events.on(name, listener),
    publish(topic, payload, opts = { qos: 0, retain: false }) {
      if (closed) return false;
      const message = typeof payload === 'string' ? payload : JSON.stringify(payload);
      if (client?.connected) {
        client.publish(topic, message, opts);
        return true;
      }
      if (buffer.length >= REALTIME.offlineBuffer) return false;
      buffer.push({ topic, message, opts });
      return true;
    },
    subscribe(topic) {
      extra.set(topic, (extra.get(topic) ?? 0) + 1);
      if (client?.connected) client.subscribe(topic, { qos: 0 });
    },
    unsubscribe(topic) {
      const count = extra.get(topic) ?? 0;
      if (count > 1) return void extra.set(topic, count - 1);
      extra.delete(topic);
      if (client?.connected && !base.includes(topic)) client.unsubscribe(topic);
    },
    onTopic(topic, listener) {
      let set = topicListeners.get(topic);
      if (!set) topicListeners.set(topic, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    close() {
      if (closed) return;
      closed = true;
      if (retry !== undefined) timers.clearTimeout(retry);
      stopOnline?.();
      client?.end(true);
      setStatus('idle');
      events.clear();
      topicListeners.clear();
      buffer.length = 0;
    },
  };
}
