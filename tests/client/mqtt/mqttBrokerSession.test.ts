import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BrokerSession,
  REFUSAL_WINDOW_MS,
  type ConnectSettings,
  type PageClientOptions,
} from '../../../src/client/features/mqtt/brokerSession';
import type { LogEntry } from '../../../src/client/features/mqtt/messageLog';
import { FakePageClient } from './mqttFakeClient';

const settings: ConnectSettings = {
  url: ' ws://console.test/mqtt ',
  username: '7',
  password: 'tok-7',
  clientId: 'user_1',
  keepalive: 30,
  clean: false,
};

function setup() {
  let clock = 1_000;
  const clients: FakePageClient[] = [];
  const received: LogEntry[][] = [];
  const session = new BrokerSession({
    connect: (url: string, options: PageClientOptions) => {
      const client = new FakePageClient(url, options);
      clients.push(client);
      return client;
    },
    onMessages: (entries) => received.push(entries),
    now: () => clock,
  });
  return {
    session,
    clients,
    received,
    client: () => clients.at(-1)!,
    advance: (ms: number) => (clock += ms),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('broker session', () => {
  it('connects with the given credentials and options, and owns reconnecting and resubscribing', async () => {
    const t = setup();
    const states: string[] = [];
    t.session.subscribe(() => states.push(t.session.getSnapshot().state));
    await t.session.connect(settings);
    expect(t.client().url).toBe('ws://console.test/mqtt');
    expect(t.client().options).toMatchObject({
      clientId: 'user_1',
      username: '7',
      password: 'tok-7',
      keepalive: 30,
      clean: false,
      protocolVersion: 4,
      resubscribe: false,
    });
    expect(t.client().options!.reconnectPeriod).toBeGreaterThan(0);
    t.client().open();
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('sends no credentials when the fields are empty', async () => {
    const t = setup();
    await t.session.connect({ ...settings, username: '', password: '' });
    expect(t.client().options).toMatchObject({ username: undefined, password: undefined });
  });

  it("stops on a refused CONNECT and keeps the broker's return code and words", async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().refuse(4, 'Connection refused: Bad username or password');
    expect(t.session.getSnapshot()).toMatchObject({
      state: 'error',
      problem: { kind: 'refused', code: 4, message: 'Connection refused: Bad username or password' },
    });
    expect(t.client().ended).toBe(true);
  });

  it('reports transport trouble and shows reconnecting until the broker answers again', async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().open();
    t.client().emit('error', new Error('socket hang up'));
    t.client().emit('close');
    expect(t.session.getSnapshot()).toMatchObject({
      state: 'reconnecting',
      problem: { kind: 'socket', message: 'socket hang up' },
    });
    t.client().emit('reconnect');
    t.client().open();
    expect(t.session.getSnapshot()).toMatchObject({ state: 'connected', problem: null });
  });

  it('subscribes on connect, shows what the broker granted, and a refusal (QoS 128)', async () => {
    const t = setup();
    t.session.addSubscription('acm/7/web', 1);
    t.session.addSubscription('acm/8/web', 0);
    expect(t.session.getSnapshot().subscriptions.map((s) => s.state)).toEqual(['waiting', 'waiting']);
    await t.session.connect(settings);
    t.client().open();
    expect(t.client().subscribes.map((s) => [s.topic, s.qos])).toEqual([
      ['acm/7/web', 1],
      ['acm/8/web', 0],
    ]);
    t.client().suback('acm/7/web', 1);
    t.client().suback('acm/8/web', 128);
    expect(t.session.getSnapshot().subscriptions).toEqual([
      { filter: 'acm/7/web', qos: 1, state: 'granted', granted: 1, message: undefined },
      { filter: 'acm/8/web', qos: 0, state: 'refused', granted: 128, message: undefined },
    ]);
    // A reconnect asks for every filter again (the list shows this connection's answers).
    t.client().emit('close');
    expect(t.session.getSnapshot().subscriptions.map((s) => s.state)).toEqual(['waiting', 'waiting']);
    t.client().open();
    expect(t.client().subscribes.map((s) => s.topic)).toEqual(['acm/7/web', 'acm/8/web', 'acm/7/web', 'acm/8/web']);
  });

  it('unsubscribes a granted filter and forgets a waiting one', async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().open();
    t.session.addSubscription('acm/7/web', 0);
    t.client().suback('acm/7/web', 0);
    t.session.removeSubscription('acm/7/web');
    expect(t.client().unsubscribes).toEqual(['acm/7/web']);
    expect(t.session.getSnapshot().subscriptions).toEqual([]);
  });

  it('publishes only when connected, and shows the acknowledgement', async () => {
    const t = setup();
    expect(t.session.publish('a/b', 'x', { qos: 1, retain: false })).toBe(false);
    await t.session.connect(settings);
    t.client().open();
    expect(t.session.publish('a/b', '{"a":1}', { qos: 1, retain: true })).toBe(true);
    expect(t.client().publishes[0]).toMatchObject({ topic: 'a/b', payload: '{"a":1}', opts: { qos: 1, retain: true } });
    expect(t.session.getSnapshot().lastPublish).toEqual({ topic: 'a/b', qos: 1, state: 'sending' });
    t.client().publishes[0]!.cb(null);
    expect(t.session.getSnapshot().lastPublish?.state).toBe('acked');
  });

  it('takes a close right after a publication as its refusal and stops retrying', async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().open();
    t.session.publish('acm/1/web', 'hi', { qos: 0, retain: false });
    t.client().publishes[0]!.cb(null);
    t.advance(200);
    t.client().emit('close');
    expect(t.session.getSnapshot()).toMatchObject({
      state: 'error',
      problem: { kind: 'publishRefused', topic: 'acm/1/web' },
      lastPublish: { state: 'refused' },
    });
    expect(t.client().ended).toBe(true);
  });

  it('does not blame a publication long past for a later close', async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().open();
    t.session.publish('a/b', 'x', { qos: 0, retain: false });
    t.advance(REFUSAL_WINDOW_MS + 1);
    t.client().emit('close');
    expect(t.session.getSnapshot().state).toBe('reconnecting');
  });

  it('hands messages over in batches, in arrival order, with QoS and the retained flag', async () => {
    const t = setup();
    await t.session.connect(settings);
    t.client().open();
    t.client().deliver('acm/7/web', '{"code":"9001"}', { qos: 1, retain: false });
    t.client().deliver('acm/7/web', 'second', { qos: 0, retain: true });
    expect(t.received).toEqual([]);
    vi.advanceTimersByTime(150);
    expect(t.received).toHaveLength(1);
    expect(t.received[0]!.map((e) => [e.view.kind, e.qos, e.retain])).toEqual([
      ['json', 1, false],
      ['text', 0, true],
    ]);
  });

  it('ignores a replaced connection and ends on disconnect', async () => {
    const t = setup();
    await t.session.connect(settings);
    const first = t.client();
    await t.session.connect(settings);
    expect(first.ended).toBe(true);
    first.open();
    expect(t.session.getSnapshot().state).toBe('connecting');
    t.client().open();
    t.session.disconnect();
    expect(t.client().ended).toBe(true);
    expect(t.session.getSnapshot().state).toBe('closed');
    t.client().emit('close');
    expect(t.session.getSnapshot().state).toBe('closed');
  });

  it('reports a client that could not start', async () => {
    const session = new BrokerSession({
      connect: () => {
        throw new Error('Missing protocol');
      },
      onMessages: () => undefined,
    });
    await session.connect(settings);
    expect(session.getSnapshot()).toMatchObject({
      state: 'error',
      problem: { kind: 'load', message: 'Missing protocol' },
    });
  });
});
