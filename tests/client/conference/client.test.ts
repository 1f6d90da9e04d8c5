import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConferenceClient } from '../../../src/client/features/conference/client';
import { hhmmss } from '../../../src/client/features/conference/useConference';
import type { ConfEvent, ConfMember, ConfMessage } from '../../../src/shared/conference';

/** A conference service in memory: answers the login, hands out what the test queues, records the posts. */
function fakeService(opts: { failPosts?: number; loginRet?: number } = {}) {
  const queue: string[] = [];
  const posted: ConfMessage[] = [];
  const calls: string[] = [];
  let failPosts = opts.failPosts ?? 0;
  let gone = false;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    if (url.includes('/v1/conference/')) {
      if (opts.loginRet) return json({ ret: opts.loginRet, msg: 'bad accountName or password' });
      return json({
        ret: 0,
        data: { instanceId: 'inst-1', confNum: '9', iceServers: [{ url: 'stun:s', urls: ['stun:s'] }] },
      });
    }
    if (url.includes('/v1/get/'))
      return json(gone ? { ret: 3, msg: 'invalid instanceId' } : { ret: 0, data: queue.splice(0) });
    if (failPosts > 0) {
      failPosts -= 1;
      return json({}, 502);
    }
    const body = JSON.parse(String(init?.body)) as { data: string[] };
    posted.push(...body.data.map((d) => JSON.parse(d) as ConfMessage));
    return json({ ret: 0, data: null });
  });
  const push = (event: ConfEvent) =>
    queue.push(JSON.stringify({ from: 'server', to: 'inst-1', type: 'msg', txt: JSON.stringify(event) }));
  const commands = () => posted.filter((m) => m.type === 'cmd').map((m) => JSON.parse(m.txt!) as { cmd: string });
  return { fetch, push, posted, calls, commands, forget: () => void (gone = true) };
}

const member = (uid: string, state = 12): ConfMember => ({
  uid,
  userName: `u${uid}`,
  displayName: `User ${uid}`,
  state,
  role: 4096,
});
const room = {
  roomId: '1111',
  displayName: '1111',
  password: '',
  capacity: 16,
  maxResolution: 1,
  channelId: 'room_1111',
  record: false,
};

let client: ConferenceClient | undefined;
afterEach(async () => {
  await client?.stop();
  client = undefined;
});

function make(
  service: ReturnType<typeof fakeService>,
  over: Partial<ConstructorParameters<typeof ConferenceClient>[0]> = {},
) {
  client = new ConferenceClient({
    service: 'https://console.test/api/conf',
    userId: 7,
    token: 'tok',
    appKey: 'local',
    fetch: service.fetch as typeof fetch,
    pollMs: 5,
    retryMs: 0,
    ...over,
  });
  return client;
}

describe('the conference client', () => {
  it('refuses to start without a user id, a password, a service or an appKey, and never calls out', async () => {
    const service = fakeService();
    for (const [over, error] of [
      [{ userId: null }, 'noUserId'],
      [{ token: null }, 'noPassword'],
      [{ service: '' }, 'noService'],
      [{ appKey: '' }, 'noAppKey'],
    ] as const) {
      const c = make(service, over);
      await c.start();
      expect(c.getSnapshot()).toMatchObject({ status: 'idle', error });
    }
    expect(service.fetch).not.toHaveBeenCalled();
  });

  it('goes not logged in -> loginok -> in room -> leaving -> loginok, keeping the member list from the events', async () => {
    const service = fakeService();
    const c = make(service);
    await c.start();
    expect(c.getSnapshot().status).toBe('loggingIn');
    const login = JSON.parse(String(service.fetch.mock.calls[0]![1]!.body)) as Record<string, unknown>;
    expect(service.calls[0]).toMatch(/^POST https:\/\/console\.test\/api\/conf\/v1\/conference\/(100|[1-9]\d?)$/);
    expect(login).toEqual({
      accountName: '7',
      password: 'tok',
      appKey: 'local',
      regionId: '0',
      roomType: 0,
      webrtcVersion: 1,
    });
    expect(c.iceServers).toEqual([{ urls: ['stun:s'], username: undefined, credential: undefined }]);
    expect(service.commands()).toEqual([{ cmd: 'getrealm' }]);
    service.push({ event: 'ongetrealmok', realm: 'tenant_2', uid: '7', displayName: 'Me' });
    await vi.waitFor(() => expect(c.getSnapshot().status).toBe('loginok'));

    await c.join('1111');
    expect(c.getSnapshot().status).toBe('joining');
    expect(service.commands().at(-1)).toEqual({ cmd: 'joinroom', roomId: '1111' });
    service.push({ event: 'onconfjoinok', room, members: [member('8'), member('7')], self: member('7') });
    await vi.waitFor(() => expect(c.getSnapshot().status).toBe('inroom'));
    expect(c.getSnapshot().members.map((m) => m.uid)).toEqual(['7', '8']);

    service.push({ event: 'onactorstate', member: member('9', 15) });
    service.push({ event: 'onactorstate', member: member('8', 15) });
    service.push({ event: 'onactorleave', uid: '9' });
    service.push({ event: 'onconfstate', roomId: '1111', count: 2, record: true });
    await vi.waitFor(() => expect(c.getSnapshot().room?.record).toBe(true));
    expect(c.getSnapshot().members).toEqual([member('7'), member('8', 15)]);
    service.push({ event: 'onvolumechanged', uid: '8', volume: 64 });
    service.push({ event: 'onvolumechanged', uid: '7', volume: 12 });
    service.push({ event: 'onvolumechanged', uid: '8', volume: 0 });
    await vi.waitFor(() => expect(c.getSnapshot().volumes).toEqual({ '7': 12, '8': 0 }));

    await c.leave();
    expect(c.getSnapshot().status).toBe('leaving');
    service.push({ event: 'onconfdidleave', roomId: '1111', reason: 'left' });
    await vi.waitFor(() =>
      expect(c.getSnapshot()).toMatchObject({ status: 'loginok', room: null, members: [], volumes: {} }),
    );

    await c.join('1111');
    service.push({ event: 'onconfjoinfail', roomId: '1111', reason: 'full' });
    await vi.waitFor(() => expect(c.getSnapshot()).toMatchObject({ status: 'loginok', error: 'full' }));
  });

  it('retries a failed post up to 5 times, then gives up', async () => {
    const service = fakeService({ failPosts: 3 });
    const c = make(service);
    await c.start();
    expect(service.calls.filter((x) => x.includes('/v1/set/'))).toHaveLength(4);
    expect(service.commands()).toEqual([{ cmd: 'getrealm' }]);

    const broken = fakeService({ failPosts: 100 });
    const d = make(broken);
    await d.start();
    expect(await d.subscribeTo('8')).toBe(false);
    expect(broken.calls.filter((x) => x.includes('/v1/set/'))).toHaveLength(12);
  });

  it('reports a refused login, and a conference the service forgot', async () => {
    const refused = make(fakeService({ loginRet: 2 }));
    await refused.start();
    expect(refused.getSnapshot()).toMatchObject({ status: 'idle', error: 'loginFailed' });

    const service = fakeService();
    const c = make(service);
    await c.start();
    service.forget();
    await vi.waitFor(() => expect(c.getSnapshot()).toMatchObject({ status: 'idle', error: 'lost' }));
  });

  it('sends a recording command as base64 JSON, and hands every message to its listeners', async () => {
    const service = fakeService();
    const c = make(service);
    const seen: string[] = [];
    c.listen((m, e) => seen.push(e ? e.event : m.type));
    await c.start();
    await c.record({ Command: 'StartRecord', Video: true, Storage: { Protocol: 2, FileKey: 'web_1' } });
    const text = (service.commands().at(-1) as unknown as { text: string }).text;
    expect(JSON.parse(atob(text))).toEqual({
      Command: 'StartRecord',
      Video: true,
      Storage: { Protocol: 2, FileKey: 'web_1' },
    });
    service.push({ event: 'sendtext', command: 'StartRecord', ok: true });
    await vi.waitFor(() => expect(seen).toEqual(['sendtext']));
    expect(hhmmss(3725)).toBe('01:02:05');
  });
});
