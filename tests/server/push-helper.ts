import { randomBytes } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { AlarmRecord } from '../../src/shared/alarms/push';
import type { AlarmContext } from '../../src/server/alarms/hub';

export interface Received {
  topic: string;
  body: Record<string, unknown>;
}

/** A console's MQTT connection that keeps everything it receives, for waiting on or for asserting silence. */
export class ConsoleInbox {
  readonly received: Received[] = [];
  private waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];

  constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(payload.toString()) as Record<string, unknown>;
      } catch {
        body = { raw: payload.toString() };
      }
      const r = { topic, body };
      this.received.push(r);
      for (const w of this.waiters.filter((x) => x.match(r))) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(r);
      }
    });
  }

  /** The first message (already received or coming) whose code is `code`. */
  next(code: string, ms = 5000, where: (r: Received) => boolean = () => true): Promise<Received> {
    const match = (r: Received) => String(r.body.code) === code && where(r);
    const have = this.received.find(match);
    if (have) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      // The timer goes with its waiter: one left running after its message came would, on
      // firing, take another waiter out of the list (splice at index -1 removes the last).
      const timer = setTimeout(() => {
        const at = this.waiters.indexOf(w);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(
          new Error(
            `no ${code} within ${ms} ms (got ${this.received.map((x) => x.body.code).join(', ') || 'nothing'})`,
          ),
        );
      }, ms);
      const w = {
        match,
        resolve: (r: Received) => {
          clearTimeout(timer);
          resolve(r);
        },
      };
      this.waiters.push(w);
    });
  }

  codes(): string[] {
    return this.received.map((r) => String(r.body.code));
  }

  clear(): void {
    this.received.length = 0;
  }
}

/** A logged-in console on the broker, subscribed to `topics` (all must be granted). */
export async function consoleInbox(
  url: string,
  userId: number,
  token: string,
  topics: string[],
  clientId?: string,
): Promise<ConsoleInbox> {
  const client = await mqtt.connectAsync(
    url,
    {
      username: String(userId),
      password: token,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      // The broker takes a console only under an id of its own user.
      clientId: clientId ?? `user_${userId}_${randomBytes(4).toString('hex')}`,
    },
    false,
  );
  const inbox = new ConsoleInbox(client);
  const granted = await client.subscribeAsync(topics, { qos: 1 });
  if (granted.some((g) => g.qos === 128)) throw new Error(`subscription refused: ${topics.join(', ')}`);
  return inbox;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nextId = 1000;

/** An alarm record as the engine stores it (only what the push reads matters). */
export function alarmRecord(over: Partial<AlarmRecord> & { tenantId: number; imei: string }): AlarmRecord {
  return {
    id: nextId++,
    type: 15,
    recoveredType: null,
    code2: '04',
    level: 3,
    title: 'SOS求救',
    deviceName: 'Helmet 7',
    deviceKind: 'helmet',
    personName: 'Zhang San',
    personPhone: '13800000001',
    value: null,
    threshold: null,
    lat: 22.54,
    lon: 114.05,
    location: null,
    ts: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    read: 0,
    handleState: 0,
    handlerName: null,
    handleNote: null,
    handledAt: null,
    ...over,
  };
}

export function alarmContext(over: Partial<AlarmContext> = {}): AlarmContext {
  return {
    deviceId: 1,
    departmentId: null,
    userId: null,
    community: 'Sunny Garden',
    building: '3',
    unit: '2',
    roomNo: '1203',
    ...over,
  };
}
