import { describe, expect, it, vi } from 'vitest';
import type { PhoneAlarmPush, PhoneDoorCallPush } from '../../../src/shared/alarms/phone-push';
import {
  acknowledge,
  ackOutcome,
  flushAckQueue,
  dataUrlOf,
  formatAt,
  notificationFor,
  precachedIcon,
  showPush,
  SOS_VIBRATE,
  STORE_WAIT_MS,
  type PhonePushDeps,
  type QueuedAck,
} from '../../../sw/phone-push';

/** A PNG's first bytes (signature and IHDR start): enough to see it go through a data: URL whole. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const ICON_DATA = `data:image/png;base64,${Buffer.from(PNG).toString('base64')}`;

const sos: PhoneAlarmPush = {
  v: 1,
  kind: 'alarm',
  push: 'sos',
  alarmId: 42,
  type: 15,
  level: 3,
  sos: true,
  title: 'SOS紧急求救',
  device: '手表 001',
  person: '张三',
  place: '阳光花园 1栋',
  lat: null,
  lon: null,
  at: '2026-11-28T10:04:09.000Z',
  timeZone: 'Asia/Shanghai',
  tag: 'alarm-42',
  ack: '/api/ack/abc.def',
};

describe('the phone notification of a push', () => {
  it('shows an SOS sticky and vibrating, on the site clock, with Acknowledge and Open', () => {
    const { title, options } = notificationFor({ ...sos, distanceM: 120.4 }, 'cn', ICON_DATA);
    expect(title).toBe('SOS紧急求救');
    expect(options.body).toContain('张三 · 手表 001');
    expect(options.body).toContain('阳光花园 1栋');
    // 10:04 UTC is 18:04 in Shanghai.
    expect(options.body).toContain('18:04:09');
    expect(options.body).toContain('距离 120 米');
    expect(options).toMatchObject({
      tag: 'alarm-42',
      renotify: true,
      requireInteraction: true,
      vibrate: SOS_VIBRATE,
      icon: ICON_DATA,
      badge: ICON_DATA,
      data: { push: { alarmId: 42 } },
    });
    expect(options.actions).toEqual([
      { action: 'ack', title: '我来处理' },
      { action: 'open', title: '打开' },
    ]);
  });

  it('leaves out Acknowledge without a link, and keeps another alarm dismissable, in the language told', () => {
    const fall = { ...sos, push: 'fall' as const, sos: false, type: 13, title: 'Fall', ack: null };
    const { options } = notificationFor(fall, 'en');
    expect(options.actions).toEqual([{ action: 'open', title: 'Open' }]);
    expect(options.requireInteraction).toBeUndefined();
    expect(options.vibrate).toBeUndefined();
    expect(options.lang).toBe('en');
    // Without the worker's copy of the icon, none: never one fetched over the network.
    expect(options).not.toHaveProperty('icon');
    expect(options).not.toHaveProperty('badge');
  });

  it('shows a door call from its place', () => {
    const call: PhoneDoorCallPush = {
      v: 1,
      kind: 'doorCall',
      push: 'doorCall',
      imei: '860100000000009',
      device: 'Door 9',
      place: '阳光花园 2栋 1单元',
      at: sos.at,
      timeZone: 'Asia/Shanghai',
      tag: 'door-860100000000009',
    };
    const { title, options } = notificationFor(call, 'en');
    expect(title).toBe('Door unit calling');
    expect(options.body).toContain('The door unit at 阳光花园 2栋 1单元 is calling');
    expect(options.tag).toBe('door-860100000000009');
  });

  it('shows something generic for a version it does not know, or no JSON at all', () => {
    for (const raw of [{ ...sos, v: 2 }, null, 'text']) {
      const { title, options } = notificationFor(raw, undefined);
      expect(title).toBe('安全物联控制台');
      expect(options.data).toEqual({ push: null });
      expect(options.actions).toBeUndefined();
    }
  });

  it('falls back to the phone clock for an unknown zone', () => {
    expect(formatAt(sos.at, 'Nowhere/Else', 'en')).toMatch(/\d\d:04:09/);
    expect(formatAt('not a date', 'Asia/Shanghai', 'en')).toBe('');
  });
});

describe('acknowledge from the notification', () => {
  it('reads the ack link answers as final or to retry', () => {
    expect(ackOutcome(200)).toBe('done');
    expect(ackOutcome(409)).toBe('taken');
    for (const s of [403, 404, 410]) expect(ackOutcome(s)).toBe('invalid');
    for (const s of [500, 502, 503]) expect(ackOutcome(s)).toBe('retry');
  });

  function fakeDeps(fetchImpl: (url: string) => Promise<Response>) {
    let queue: QueuedAck[] = [];
    const shown: { title: string; options?: NotificationOptions }[] = [];
    const register = vi.fn(async () => undefined);
    const deps = {
      self: {
        location: { origin: 'https://console.example' },
        registration: {
          showNotification: async (title: string, options?: NotificationOptions) => void shown.push({ title, options }),
          sync: { register },
        },
      } as unknown as ServiceWorkerGlobalScope,
      store: {
        getLang: async () => 'en',
        setLang: async () => undefined,
        queue: async () => queue,
        updateQueue: async (change: (q: QueuedAck[]) => QueuedAck[]) => void (queue = change(queue)),
      },
      fetch: vi.fn((input: RequestInfo | URL) => fetchImpl(String(input))) as unknown as typeof fetch,
      icon: async () => ICON_DATA,
    } satisfies PhonePushDeps;
    return { deps, shown, register, queue: () => queue };
  }

  it('posts the link and replaces the notification with the outcome', async () => {
    const { deps, shown } = fakeDeps(async () => new Response('', { status: 200 }));
    expect(await acknowledge(deps, sos)).toBe('done');
    expect(deps.fetch).toHaveBeenCalledWith(
      'https://console.example/api/ack/abc.def',
      expect.objectContaining({ method: 'POST', headers: { Accept: 'application/json' } }),
    );
    expect(shown).toEqual([
      {
        title: sos.title,
        options: expect.objectContaining({ tag: 'alarm-42', body: 'Acknowledged: it is yours', icon: ICON_DATA }),
      },
    ]);
    expect(shown[0]!.options!.requireInteraction).toBeUndefined();
  });

  it('never posts to another origin', async () => {
    const { deps } = fakeDeps(async () => new Response('', { status: 200 }));
    expect(await acknowledge(deps, { ...sos, ack: 'https://evil.example/api/ack/x' })).toBe('none');
    expect(deps.fetch).not.toHaveBeenCalled();
  });

  it('queues it without network, asks for a background sync, and sends it once the network is back', async () => {
    let online = false;
    const { deps, shown, register, queue } = fakeDeps(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Response('', { status: 409 });
    });
    expect(await acknowledge(deps, sos)).toBe('queued');
    expect(queue()).toMatchObject([{ url: 'https://console.example/api/ack/abc.def', tag: 'alarm-42' }]);
    expect(register).toHaveBeenCalledWith('phone-push-ack');
    expect(shown.at(-1)!.options!.body).toMatch(/No network/);
    // Still offline: it stays.
    await flushAckQueue(deps);
    expect(queue()).toHaveLength(1);
    online = true;
    await flushAckQueue(deps);
    expect(queue()).toEqual([]);
    expect(shown.at(-1)!.options!.body).toBe('Already taken by someone else or handled');
  });

  it('keeps it queued on a 5xx and drops it on a refusal', async () => {
    let status = 503;
    const { deps, queue } = fakeDeps(async () => new Response('', { status }));
    expect(await acknowledge(deps, sos)).toBe('queued');
    await flushAckQueue(deps);
    expect(queue()).toHaveLength(1);
    status = 410;
    await flushAckQueue(deps);
    expect(queue()).toEqual([]);
  });
});

describe('showing a push', () => {
  function depsWith(
    getLang: () => Promise<unknown>,
    show: (title: string, options?: NotificationOptions) => Promise<void>,
    icon: () => Promise<string | undefined> = async () => ICON_DATA,
  ) {
    return {
      self: { location: { origin: 'https://console.example' }, registration: { showNotification: show } },
      store: { getLang, setLang: async () => undefined, queue: async () => [], updateQueue: async () => undefined },
      fetch: vi.fn() as unknown as typeof fetch,
      icon,
    } as unknown as PhonePushDeps;
  }

  /**
   * showPush with a language store that never answers, on a test clock from a fixed instant: how
   * many it had shown 1 ms before STORE_WAIT_MS, and what it showed by then.
   */
  async function showWithStoreHanging(icon: () => Promise<string | undefined>) {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:04:10Z') });
    try {
      const shown: { title: string; options?: NotificationOptions }[] = [];
      const deps = depsWith(
        () => new Promise(() => {}),
        async (title, options) => void shown.push({ title, options }),
        icon,
      );
      const showing = showPush(deps, sos);
      await vi.advanceTimersByTimeAsync(STORE_WAIT_MS - 1);
      const early = shown.length;
      await vi.advanceTimersByTimeAsync(1);
      await showing;
      return { early, shown };
    } finally {
      vi.useRealTimers();
    }
  }

  it('shows an SOS in the default language when the stored language does not come (a store that hangs)', async () => {
    const { early, shown } = await showWithStoreHanging(async () => ICON_DATA);
    expect(early).toBe(0);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toMatchObject({
      tag: 'alarm-42',
      lang: 'zh-CN',
      requireInteraction: true,
      icon: ICON_DATA,
    });
  });

  it("shows an SOS without its icon when the icon's copy does not come either, waiting once for both", async () => {
    const { early, shown } = await showWithStoreHanging(() => new Promise(() => {}));
    expect(early).toBe(0);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.options).toMatchObject({ tag: 'alarm-42', requireInteraction: true });
    expect(shown[0]!.options).not.toHaveProperty('icon');
  });

  it('shows it plainly, same title, text and tag, when the platform refuses it as built', async () => {
    const tried: { title: string; options?: NotificationOptions }[] = [];
    const deps = depsWith(
      async () => 'en',
      async (title, options) => {
        tried.push({ title, options });
        if ((options as { actions?: unknown[] }).actions) throw new TypeError('actions are not supported');
      },
    );
    await showPush(deps, sos);
    expect(tried).toHaveLength(2);
    const [built, plain] = tried;
    expect(plain!.title).toBe(built!.title);
    expect(plain!.options).toEqual({
      body: built!.options!.body,
      tag: 'alarm-42',
      icon: built!.options!.icon,
      lang: built!.options!.lang,
      data: { push: sos },
    });
  });
});

describe("the notifications' icon", () => {
  const png = () => new Response(PNG, { headers: { 'content-type': 'image/png' } });

  it('is the precached file as a data: URL, byte for byte', async () => {
    const dataUrl = await dataUrlOf(png());
    expect(dataUrl).toBe(ICON_DATA);
    expect(new Uint8Array(await (await fetch(dataUrl)).arrayBuffer())).toEqual(PNG);
  });

  it('keeps a large file whole (read in chunks)', async () => {
    const big = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 256);
    const dataUrl = await dataUrlOf(new Response(big, { headers: { 'content-type': 'image/png' } }));
    expect(Buffer.from(dataUrl.split(',')[1]!, 'base64').equals(Buffer.from(big))).toBe(true);
  });

  it('is read from the cache once, and again after a miss', async () => {
    let copies = 0;
    const match = vi.fn(async (url: string) => {
      expect(url).toBe('/icons/icon-192.png');
      return copies++ === 0 ? undefined : png();
    });
    const icon = precachedIcon('/icons/icon-192.png', match);
    expect(await icon()).toBeUndefined();
    expect(await icon()).toBe(ICON_DATA);
    expect(await icon()).toBe(ICON_DATA);
    expect(match).toHaveBeenCalledTimes(2);
  });

  it('is none when the cache fails or answers an error', async () => {
    expect(await precachedIcon('/i.png', async () => Promise.reject(new Error('cache gone')))()).toBeUndefined();
    expect(await precachedIcon('/i.png', async () => new Response('', { status: 404 }))()).toBeUndefined();
  });
});
