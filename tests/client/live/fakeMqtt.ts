import { vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { createLiveBridge, type BridgeDeps, type LiveBridge } from '../../../src/client/live/bridge';
import type { MqttLike, MqttOptions } from '../../../src/client/live/types';
import type { AlarmRecord } from '../../../src/shared/alarms/push';

type Listener = (...args: never[]) => void;

/** Stands in for the mqtt.js client: the transport only; tests drive connect, close and messages. */
export class FakeMqtt implements MqttLike {
  connected = false;
  ended = false;
  reconnects = 0;
  subscribed: string[] = [];
  unsubscribed: string[] = [];
  published: { topic: string; message: string; opts: { qos: number; retain: boolean } }[] = [];
  private listeners = new Map<string, Listener[]>();

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  subscribe(topic: string | string[]): this {
    this.subscribed.push(...[topic].flat());
    return this;
  }
  unsubscribe(topic: string | string[]): this {
    this.unsubscribed.push(...[topic].flat());
    return this;
  }
  publish(topic: string, message: string, opts: { qos: 0 | 1 | 2; retain: boolean }): this {
    this.published.push({ topic, message, opts });
    return this;
  }
  reconnect(): this {
    this.reconnects++;
    return this;
  }
  end(): this {
    this.ended = true;
    this.connected = false;
    return this;
  }

  /** The broker accepted the connection. */
  open(): void {
    this.connected = true;
    this.emit('connect');
  }
  /** The connection dropped (or a reconnect attempt failed). */
  drop(): void {
    this.connected = false;
    this.emit('error', new Error('socket closed'));
    this.emit('close');
  }
  deliver(topic: string, payload: unknown): void {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.emit('message', topic, new TextEncoder().encode(text));
  }
}

export interface Harness {
  bridge: LiveBridge;
  mqtt: FakeMqtt;
  connects: { url: string; options: MqttOptions }[];
  delays: number[];
  fetchSince: ReturnType<typeof vi.fn<(after: string) => Promise<AlarmRecord[]>>>;
}

/** A real bridge over a FakeMqtt, with timers recorded so the backoff can be read. */
export function startBridge(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  over: Partial<BridgeDeps> = {},
): Harness {
  const mqtt = new FakeMqtt();
  const connects: Harness['connects'] = [];
  const delays: number[] = [];
  const fetchSince = vi.fn<(after: string) => Promise<AlarmRecord[]>>(async () => []);
  const bridge = createLiveBridge({
    userId: 7,
    token: 'tok-7',
    queryClient,
    connect: (url, options) => {
      connects.push({ url, options });
      return mqtt;
    },
    resolveUrl: async () => 'ws://console.test/mqtt',
    fetchSince,
    storage: localStorage,
    timers: {
      setTimeout: (fn, ms) => {
        delays.push(ms);
        return setTimeout(fn, ms);
      },
      clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    },
    ...over,
  });
  return { bridge, mqtt, connects, delays, fetchSince };
}

let nextAlarmId = 1;

export function alarm(over: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id: nextAlarmId++,
    type: 13,
    recoveredType: null,
    code2: null,
    level: 3,
    title: '跌倒告警',
    imei: '860000000000001',
    deviceName: '安全帽 1',
    deviceKind: 'helmet',
    personName: '张三',
    personPhone: null,
    value: null,
    threshold: null,
    lat: null,
    lon: null,
    location: null,
    ts: '2026-03-01T08:00:00.000Z',
    createdAt: '2026-03-01T08:00:00.000Z',
    read: 0,
    handleState: 0,
    handlerName: null,
    handleNote: null,
    handledAt: null,
    tenantId: 1,
    ...over,
  };
}

/** Lets the bridge's async start (config, lazy client) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
