import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { reconnectDelay } from '../../../src/client/live/backoff';
import type { LiveEvents } from '../../../src/client/live/types';
import { alarm, settle, startBridge, type Harness } from './fakeMqtt';

const NOW = Date.parse('2026-03-01T09:00:00.000Z');
const SOS = {
  code: '9003',
  name: '李四',
  building: '1栋',
  unit: '2单元',
  roomNo: '0301',
  userPhone: '13900000000',
  imei: '860000000000001',
};

function collect<K extends keyof LiveEvents>(h: Harness, name: K): LiveEvents[K][] {
  const out: LiveEvents[K][] = [];
  h.bridge.on(name, (value) => out.push(value));
  return out;
}

/** The first key part of every invalidated query. */
const invalidatedKeys = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey[0]);

describe('live bridge', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    queryClient = new QueryClient();
  });
  afterEach(() => {
    vi.useRealTimers();
    queryClient.clear();
  });

  it('connects as the user with the client-library options and mqtt.js reconnect turned off', async () => {
    const h = startBridge(queryClient);
    await settle();
    expect(h.connects).toHaveLength(1);
    const { url, options } = h.connects[0]!;
    expect(url).toBe('ws://console.test/mqtt');
    // The broker binds client ids to who connects: a console's carries its user id.
    expect(options.clientId).toBe(`user_7_${NOW}`);
    expect(options).toMatchObject({ username: '7', password: 'tok-7', keepalive: 60, reconnectPeriod: 0 });
    expect(h.bridge.status).toBe('connecting');
    h.mqtt.open();
    expect(h.bridge.status).toBe('connected');
    expect(h.mqtt.subscribed).toEqual(['acm/7/web', 'acm/notice/web']);
    h.bridge.close();
  });

  it('backs off 1, 2, 4 ... 128 s between attempts, one at a time, and starts over after a connect', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    const expected = [1, 2, 4, 8, 16, 32, 64, 128, 128].map((s) => s * 1000);
    for (const delay of expected) {
      h.mqtt.drop();
      h.mqtt.drop(); // a second close of the same outage must not add a parallel attempt
      expect(h.bridge.status).toBe('reconnecting');
      const before = h.mqtt.reconnects;
      vi.advanceTimersByTime(delay - 1);
      expect(h.mqtt.reconnects).toBe(before);
      vi.advanceTimersByTime(1);
      expect(h.mqtt.reconnects).toBe(before + 1);
    }
    expect(h.delays).toEqual(expected);
    h.mqtt.open();
    h.mqtt.drop();
    expect(h.delays.at(-1)).toBe(1000);
    h.bridge.close();
  });

  it('matches the pure backoff table', () => {
    expect([0, 1, 2, 3, 6, 7, 8, 20].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 64000, 128000, 128000, 128000,
    ]);
  });

  it('drops what is not JSON or fails the push schema, and delivers the rest', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    const sos = collect(h, 'sos');
    const cards = collect(h, 'card');
    const calls = collect(h, 'doorCall');
    expect(() => {
      h.mqtt.deliver('acm/7/web', 'not json {');
      h.mqtt.deliver('acm/7/web', { code: '9003', name: 'missing fields' });
      h.mqtt.deliver('acm/7/web', { code: '1234', hello: 1 });
      h.mqtt.deliver('acm/7/web', 'null');
    }).not.toThrow();
    h.mqtt.deliver('acm/7/web', SOS);
    h.mqtt.deliver('acm/7/web', { code: 5084, cardInfo: 'IC 0001', imei: '860000000000001' });
    h.mqtt.deliver('acm/7/web', { code: '5081', imei: '860000000000001', pushTime: 1 });
    expect(sos).toEqual([expect.objectContaining({ name: '李四', imei: '860000000000001' })]);
    expect(cards).toEqual([{ code: '5084', cardInfo: 'IC 0001', imei: '860000000000001' }]);
    expect(calls).toEqual([expect.objectContaining({ roomNo: '000000', imei: '860000000000001' })]);
    h.bridge.close();
  });

  it("passes a reminder's list of open SOS on, without those somebody took", async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    const sos = collect(h, 'sos');
    const { code: _code, ...fields } = SOS;
    const item = (alarmId: number) => ({ ...fields, alarmId });
    h.mqtt.deliver('acm/7/web', { code: '9002', ids: [31], ackedAt: '2026-03-01T09:00:00.000Z', ackedByName: 'x' });
    h.mqtt.deliver('acm/7/web', { ...SOS, alarmId: 33, openCount: 3, open: [item(33), item(32), item(31)] });
    h.mqtt.deliver('acm/7/web', { ...SOS, alarmId: 31, openCount: 2, open: [item(31), item(30)] });
    expect(sos.map((s) => [s.alarmId, s.openCount, s.open?.map((o) => o.alarmId)])).toEqual([
      [33, 3, [33, 32]],
      [30, 2, [30]],
    ]);
    h.bridge.close();
  });

  it('invalidates every query whose key starts with alarm on 9001 and 9002, and nothing else', async () => {
    for (const key of [['alarm', 'list', { page: 1 }], ['alarmStats'], ['devices', 'list']])
      queryClient.setQueryData(key, { rows: [] });
    const invalidated = () => invalidatedKeys(queryClient);
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    const alarms = collect(h, 'alarms');
    h.mqtt.deliver('acm/7/web', { code: '9001', alarm: alarm({ id: 500 }) });
    expect(invalidated().sort()).toEqual(['alarm', 'alarmStats']);
    expect(alarms).toEqual([{ alarms: [expect.objectContaining({ id: 500 })], missed: false }]);

    for (const q of queryClient.getQueryCache().getAll()) queryClient.setQueryData(q.queryKey, { rows: [] });
    expect(invalidated()).toEqual([]);
    h.mqtt.deliver('acm/7/web', { code: 9002, ids: [500], read: 1 });
    expect(invalidated().sort()).toEqual(['alarm', 'alarmStats']);
    h.bridge.close();
  });

  it('an announcement (9060) and its withdrawal (9061) refresh the inbox and reach the shell', async () => {
    queryClient.setQueryData(['announcementInbox', true], { rows: [] });
    queryClient.setQueryData(['devices', 'list'], { rows: [] });
    const invalidated = () => invalidatedKeys(queryClient);
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    const reached = collect(h, 'announcement');
    const withdrawn = collect(h, 'announcementWithdrawn');
    h.mqtt.deliver('acm/7/web', {
      code: '9060',
      announcement: {
        id: 12,
        title: 'Lift closed',
        content: 'Today',
        level: 1,
        publisherName: null,
        publishAt: '2026-03-01T09:00:00.000Z',
      },
    });
    expect(reached).toEqual([expect.objectContaining({ id: 12, title: 'Lift closed' })]);
    expect(invalidated()).toEqual(['announcementInbox']);

    queryClient.setQueryData(['announcementInbox', true], { rows: [] });
    h.mqtt.deliver('acm/7/web', { code: 9061, id: 'twelve' });
    expect(withdrawn).toEqual([]);
    h.mqtt.deliver('acm/7/web', { code: 9061, id: 12 });
    expect(withdrawn).toEqual([{ id: 12 }]);
    expect(invalidated()).toEqual(['announcementInbox']);
    h.bridge.close();
  });

  it('after a reconnect, not the first connect, fetches the alarms created since the newest one seen', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    await settle();
    expect(h.fetchSince).not.toHaveBeenCalled();
    // The first connect sets the cursor to now, so a reconnect never replays old history.
    expect(localStorage.getItem('live.lastAlarm.7')).toBe(new Date(NOW).toISOString());

    const seen = alarm({ id: 10, createdAt: '2026-03-01T09:05:00.000Z' });
    h.mqtt.deliver('acm/7/web', { code: '9001', alarm: seen });
    expect(localStorage.getItem('live.lastAlarm.7')).toBe('2026-03-01T09:05:00.000Z');

    const events = collect(h, 'alarms');
    const missed = [
      seen,
      alarm({ id: 11, createdAt: '2026-03-01T09:06:00.000Z' }),
      { broken: true },
      alarm({ id: 12, createdAt: '2026-03-01T09:07:00.000Z' }),
    ];
    h.fetchSince.mockResolvedValueOnce(missed as never);
    queryClient.setQueryData(['alarm', 'list'], { rows: [] });
    h.mqtt.drop();
    vi.advanceTimersByTime(1000);
    h.mqtt.open();
    await settle();
    expect(h.fetchSince).toHaveBeenCalledWith('2026-03-01T09:05:00.000Z');
    // The already-seen record and the malformed row are dropped; the rest arrive as missed.
    expect(events).toEqual([
      { alarms: [expect.objectContaining({ id: 11 }), expect.objectContaining({ id: 12 })], missed: true },
    ]);
    expect(queryClient.getQueryState(['alarm', 'list'])?.isInvalidated).toBe(true);
    expect(localStorage.getItem('live.lastAlarm.7')).toBe('2026-03-01T09:07:00.000Z');
    h.bridge.close();
  });

  it('opens the SOS and card-issued dialogs for alarms missed while offline, once each', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    await settle();
    const sos = collect(h, 'sos');
    const cards = collect(h, 'card');
    const missed = [
      {
        ...alarm({
          id: 21,
          type: 15,
          imei: '860100000000001',
          personName: '张三',
          personPhone: '13800000001',
          createdAt: '2026-03-01T09:06:00.000Z',
        }),
        context: { building: '3', unit: '2', roomNo: '1203' },
      },
      {
        ...alarm({ id: 22, type: 34, imei: '860100000000025', createdAt: '2026-03-01T09:07:00.000Z' }),
        context: { cardInfo: 'IC-0042' },
      },
      alarm({ id: 23, type: 6, createdAt: '2026-03-01T09:08:00.000Z' }),
    ];
    h.fetchSince.mockResolvedValue(missed as never);
    for (let i = 0; i < 2; i++) {
      h.mqtt.drop();
      vi.advanceTimersByTime(1000);
      h.mqtt.open();
      await settle();
    }
    // Fetched twice (two reconnects), shown once.
    expect(h.fetchSince).toHaveBeenCalledTimes(2);
    expect(sos).toEqual([
      expect.objectContaining({
        code: '9003',
        alarmId: 21,
        name: '张三',
        building: '3',
        unit: '2',
        roomNo: '1203',
        userPhone: '13800000001',
        imei: '860100000000001',
      }),
    ]);
    expect(cards).toEqual([{ code: '5084', cardInfo: 'IC-0042', imei: '860100000000025' }]);
    h.bridge.close();
  });

  it('a failed catch-up keeps the cursor for the next reconnect', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    h.fetchSince.mockRejectedValueOnce(new Error('offline'));
    h.mqtt.drop();
    vi.advanceTimersByTime(1000);
    h.mqtt.open();
    await settle();
    h.mqtt.drop();
    vi.advanceTimersByTime(1000);
    h.mqtt.open();
    await settle();
    expect(h.fetchSince.mock.calls).toEqual([[new Date(NOW).toISOString()], [new Date(NOW).toISOString()]]);
    h.bridge.close();
  });

  it('publishes at QoS 0 not retained, buffers while offline up to 5000 and flushes on connect', async () => {
    const h = startBridge(queryClient);
    await settle();
    expect(h.bridge.publish('sfwatch/1/server', { code: '5082' })).toBe(true);
    for (let i = 1; i < 5000; i++) h.bridge.publish('t', i);
    expect(h.bridge.publish('t', 'overflow')).toBe(false);
    h.mqtt.open();
    expect(h.mqtt.published).toHaveLength(5000);
    expect(h.mqtt.published[0]).toEqual({
      topic: 'sfwatch/1/server',
      message: '{"code":"5082"}',
      opts: { qos: 0, retain: false },
    });
    h.bridge.publish('sfwatch/2/server', { code: '5082' });
    expect(h.mqtt.published).toHaveLength(5001);
    h.bridge.close();
  });

  it('extra subscriptions survive a reconnect and are dropped on the last unsubscribe', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    h.bridge.subscribe('sfwatch/860000000000001/client');
    expect(h.mqtt.subscribed.at(-1)).toBe('sfwatch/860000000000001/client');
    h.mqtt.drop();
    vi.advanceTimersByTime(1000);
    h.mqtt.subscribed = [];
    h.mqtt.open();
    expect(h.mqtt.subscribed).toEqual(['acm/7/web', 'acm/notice/web', 'sfwatch/860000000000001/client']);
    h.bridge.unsubscribe('sfwatch/860000000000001/client');
    expect(h.mqtt.unsubscribed).toEqual(['sfwatch/860000000000001/client']);
    h.bridge.close();
  });

  it('close ends the client and no reconnect follows', async () => {
    const h = startBridge(queryClient);
    await settle();
    h.mqtt.open();
    h.bridge.close();
    expect(h.mqtt.ended).toBe(true);
    expect(h.bridge.status).toBe('idle');
    h.mqtt.drop();
    vi.advanceTimersByTime(200_000);
    expect(h.mqtt.reconnects).toBe(0);
    expect(h.bridge.publish('t', 1)).toBe(false);
  });

  it('the network coming back retries at once instead of waiting out the backoff', async () => {
    let online: (() => void) | undefined;
    const h = startBridge(queryClient, { onOnline: (fn) => ((online = fn), () => (online = undefined)) });
    await settle();
    h.mqtt.open();
    for (let i = 0; i < 6; i++) {
      h.mqtt.drop();
      vi.advanceTimersByTime(h.delays.at(-1)!);
    }
    h.mqtt.drop();
    const before = h.mqtt.reconnects;
    online?.();
    expect(h.mqtt.reconnects).toBe(before + 1);
    h.bridge.close();
    expect(online).toBeUndefined();
  });
});
