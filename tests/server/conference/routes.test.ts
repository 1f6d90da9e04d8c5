/**
 * The conference protocol under /api/conf (docs/conference-protocol.md): consoles log in with their
 * user id and session token, poll their queue, post commands and SDP; two members of a room see
 * each other and one receives the other's media through the SFU; rooms are per tenant, hold 16,
 * and an instance nobody polls goes away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RtpHeader, RtpPacket, type RTCPeerConnection } from 'werift';
import {
  STATE_BITS,
  type ConfCommand,
  type ConfEvent,
  type ConfLoginData,
  type ConfMessage,
} from '../../../src/shared/conference';
import { addTenant, addUser } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { until } from '../ingest-helper';
import { localSdp, loopbackPeer } from '../media-helper';

let t: TestApp;
const peers: RTCPeerConnection[] = [];
let demo: { token: string; id: number };

beforeAll(async () => {
  t = await buildTestApp({
    config: { media: { iceServers: [{ urls: ['stun:stun.example.com:3478'] }], hostAddresses: [] } },
  });
  const d = await login(t.app, 'demo', 'demo123');
  demo = { token: d.token, id: d.user.id };
});
afterAll(async () => {
  await Promise.all(peers.map((pc) => pc.close().catch(() => undefined)));
  await t.close();
});

interface Raw<T = unknown> {
  status: number;
  ret: number;
  msg?: string;
  data: T;
}

const confPost = async <T>(url: string, body: unknown): Promise<Raw<T>> =>
  (await post(t.app, url, body)) as unknown as Raw<T>;
const confGet = async <T>(url: string): Promise<Raw<T>> => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, ...(res.json() as Omit<Raw<T>, 'status'>) };
};

/** One console's conference client, as the tests drive it. */
class Console {
  readonly events: ConfEvent[] = [];
  readonly sdps: ConfMessage[] = [];
  constructor(
    readonly login: ConfLoginData,
    readonly uid: string,
  ) {}

  get base() {
    return `${this.login.confNum}/${this.login.instanceId}`;
  }

  async poll(): Promise<void> {
    const res = await confGet<string[]>(`/api/conf/v1/get/${this.base}`);
    expect(res.ret).toBe(0);
    for (const text of res.data) {
      const m = JSON.parse(text) as ConfMessage;
      if (m.type === 'msg') this.events.push(JSON.parse(m.txt!) as ConfEvent);
      if (m.type === 'sdp') this.sdps.push(m);
    }
  }

  async send(...data: Omit<ConfMessage, 'from'>[]): Promise<void> {
    const res = await confPost(`/api/conf/v1/set/${this.base}`, {
      data: data.map((m) => JSON.stringify({ from: this.login.instanceId, ...m })),
    });
    expect(res.ret).toBe(0);
  }

  cmd(c: ConfCommand): Promise<void> {
    return this.send({ to: 'server', type: 'cmd', txt: JSON.stringify(c) });
  }

  /** Polls until an event matches; returns it. */
  async event<E extends ConfEvent['event']>(
    name: E,
    match: (e: Extract<ConfEvent, { event: E }>) => boolean = () => true,
    ms = 10_000,
  ) {
    const found = await until(
      async () => {
        await this.poll();
        return this.events.find(
          (e): e is Extract<ConfEvent, { event: E }> =>
            e.event === name && match(e as Extract<ConfEvent, { event: E }>),
        );
      },
      ms,
      `${name} at ${this.uid}`,
    );
    return found!;
  }
}

async function open(token: string, userId: number): Promise<Console> {
  const res = await confPost<ConfLoginData>('/api/conf/v1/conference/42', {
    accountName: String(userId),
    password: token,
    appKey: 'local',
    regionId: '0',
    roomType: 0,
    webrtcVersion: 1,
  });
  expect(res.ret).toBe(0);
  return new Console(res.data, String(userId));
}

async function member(tenant: number, username: string): Promise<Console> {
  const id = await addUser(t.app, { tenant, username });
  const { token } = await login(t.app, username, 'secret1');
  return open(token, id);
}

describe('/api/conf', () => {
  it('logs a console in with its user id and session token, and refuses anything else in the conference service’s shape', async () => {
    const ok = await confPost<ConfLoginData>('/api/conf/v1/conference/7', {
      accountName: String(demo.id),
      password: demo.token,
      appKey: 'x',
      regionId: '0',
      roomType: 0,
      webrtcVersion: 1,
    });
    expect(ok.ret).toBe(0);
    expect(ok.data).toEqual({
      instanceId: expect.any(String),
      confNum: '7',
      iceServers: [{ url: 'stun:stun.example.com:3478', urls: ['stun:stun.example.com:3478'] }],
    });

    const wrongUser = await confPost('/api/conf/v1/conference/7', {
      accountName: String(demo.id + 1),
      password: demo.token,
      appKey: 'x',
    });
    expect([wrongUser.status, wrongUser.ret, wrongUser.msg]).toEqual([200, 2, 'bad accountName or password']);
    const wrongToken = await confPost('/api/conf/v1/conference/7', {
      accountName: String(demo.id),
      password: 'nope',
      appKey: 'x',
    });
    expect(wrongToken.ret).toBe(2);
    const noKey = await confPost('/api/conf/v1/conference/7', {
      accountName: String(demo.id),
      password: demo.token,
      appKey: '',
    });
    expect(noKey).toMatchObject({ status: 400, ret: 1 });
    const badN = await confPost('/api/conf/v1/conference/101', {
      accountName: String(demo.id),
      password: demo.token,
      appKey: 'x',
    });
    expect(badN).toMatchObject({ status: 400, ret: 1 });
  });

  it('queues events per instance, delivers each once, and names an unknown instance or confNum', async () => {
    const c = await open(demo.token, demo.id);
    await c.cmd({ cmd: 'getrealm' });
    await c.cmd({ cmd: 'setmediainfo', uri: 'cam', type: 1, ps: 1024, fps: 24 });
    await c.cmd({ cmd: 'getmediainfo' });
    await c.event(
      'onmediainfo',
      (e) => c.events.filter((x) => x.event === 'onmediainfo').length === 2 && e.info.fps === 24,
    );
    expect(c.events[0]).toEqual({
      event: 'ongetrealmok',
      realm: expect.stringMatching(/^tenant_\d+$/),
      uid: String(demo.id),
      displayName: 'Demo administrator',
    });
    expect(c.events.at(-1)).toEqual({ event: 'onmediainfo', info: { uri: 'cam', type: 1, ps: 1024, fps: 24 } });
    // Delivered once: the next poll is empty.
    expect((await confGet<string[]>(`/api/conf/v1/get/${c.base}`)).data).toEqual([]);

    expect(await confGet(`/api/conf/v1/get/${c.login.confNum}/00000000-0000-0000-0000-000000000000`)).toMatchObject({
      ret: 3,
      msg: 'invalid instanceId',
    });
    expect(await confGet(`/api/conf/v1/get/99/${c.login.instanceId}`)).toMatchObject({
      ret: 4,
      msg: 'invalid confNum',
    });
    expect(await confPost(`/api/conf/v1/set/99/${c.login.instanceId}`, { data: [] })).toMatchObject({
      ret: 4,
      msg: 'invalid confNum',
    });

    // A broken command is an error event, not a broken queue.
    await c.send({ to: 'server', type: 'cmd', txt: '{"cmd":"fly"}' });
    await c.event('onerror', (e) => e.cmd === 'cmd');
    // Recording without a room fails the way the console toasts it.
    await c.cmd({
      cmd: 'sendtext',
      text: Buffer.from(JSON.stringify({ Command: 'StartRecord', Video: true })).toString('base64'),
    });
    await c.event('sendtext', (e) => e.command === 'StartRecord' && !e.ok);
    await c.cmd({ cmd: 'stopconf' });
    await c.poll();
    expect(await confGet(`/api/conf/v1/get/${c.base}`)).toMatchObject({ ret: 3 });
  });

  it('two members of a room see each other’s state, one receives the other’s media, and the other sees it leave', async () => {
    const tenant = (await t.app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, demo.id) }))!.tenantId;
    const a = await member(tenant, 'conf-a');
    const b = await member(tenant, 'conf-b');
    await a.cmd({ cmd: 'joinroom', roomId: '1111', displayName: 'A' });
    const joinedA = await a.event('onconfjoinok');
    expect(joinedA.room).toMatchObject({ roomId: '1111', capacity: 16, channelId: 'room_1111' });
    expect(joinedA.self).toMatchObject({
      uid: a.uid,
      displayName: 'A',
      state: STATE_BITS.enableAudio | STATE_BITS.enableVideo,
      role: 2 ** 15,
    });
    await b.cmd({ cmd: 'joinroom', roomId: '1111', displayName: 'B', audio: false });
    const joinedB = await b.event('onconfjoinok');
    expect(joinedB.members.map((m) => m.uid)).toEqual([a.uid, b.uid]);
    await a.event('onactorstate', (e) => e.member.uid === b.uid && e.member.state === STATE_BITS.enableVideo);
    await a.event('onconfstate', (e) => e.count === 2);

    // A publishes: its offer to the server, the SFU's answer back through the queue.
    const pc = loopbackPeer(peers);
    const tracks = { audio: new MediaStreamTrack({ kind: 'audio' }), video: new MediaStreamTrack({ kind: 'video' }) };
    pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
    pc.addTransceiver(tracks.video, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await a.send({ to: 'server', type: 'sdp', sdp: { type: 'offer', sdp: await localSdp(pc) } });
    const answer = (await until(
      async () => (await a.poll(), a.sdps.find((m) => m.sdp?.type === 'answer')),
      15_000,
      'the publish answer',
    ))!;
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp!.sdp });
    let seq = 0;
    const pump = setInterval(() => {
      if (pc.connectionState !== 'connected') return;
      for (const kind of ['audio', 'video'] as const)
        tracks[kind].writeRtp(
          new RtpPacket(new RtpHeader({ sequenceNumber: seq++ & 0xffff, timestamp: seq * 960 }), Buffer.from('x')),
        );
    }, 20);
    try {
      // B learns that A sends, and receives it: subscribe, the SFU's offer, B's answer.
      const sends = STATE_BITS.transmitAudio | STATE_BITS.transmitVideo;
      await b.event('onactorstate', (e) => e.member.uid === a.uid && (e.member.state & sends) === sends, 15_000);
      await a.event('onselfstate', (e) => (e.member.state & sends) === sends);
      await b.event('onmedianotiy', (e) => e.uid === a.uid);
      await b.cmd({ cmd: 'subscribe', uid: a.uid });
      const offer = (await until(
        async () => (await b.poll(), b.sdps.find((m) => m.sdp?.type === 'offer')),
        15_000,
        'the subscription offer',
      ))!;
      expect(offer.from).toBe(a.uid);
      const receiver = loopbackPeer(peers);
      const got = { audio: 0, video: 0 };
      receiver.onTrack.subscribe((track) =>
        track.onReceiveRtp.subscribe(() => void (got[track.kind as 'audio' | 'video'] += 1)),
      );
      await receiver.setRemoteDescription({ type: 'offer', sdp: offer.sdp!.sdp });
      await receiver.setLocalDescription(await receiver.createAnswer());
      await b.send({
        to: a.uid,
        type: 'sdp',
        sdp: { type: 'answer', sdp: await localSdp(receiver), id: offer.sdp!.id },
      });
      await until(() => got.audio > 2 && got.video > 2, 15_000, "A's media at B");
    } finally {
      clearInterval(pump);
    }

    await a.cmd({ cmd: 'leaveroom' });
    await a.event('onconfdidleave', (e) => e.reason === 'left');
    await b.event('onactorleave', (e) => e.uid === a.uid);
    await b.event('onconfstate', (e) => e.count === 1);
    await b.cmd({ cmd: 'stopconf' });
    await b.event('onconfdidleave', (e) => e.reason === 'stopped');
  }, 60_000);

  it('keeps tenants apart: the same room number of another tenant is another room', async () => {
    const one = await addTenant(t.app, 'Conf one');
    const two = await addTenant(t.app, 'Conf two');
    const x = await member(one, 'conf-x');
    const y = await member(two, 'conf-y');
    await x.cmd({ cmd: 'joinroom', roomId: '2222' });
    await x.event('onconfjoinok');
    await y.cmd({ cmd: 'joinroom', roomId: '2222' });
    const joined = await y.event('onconfjoinok');
    expect(joined.members.map((m) => m.uid)).toEqual([y.uid]);
    // y cannot reach x's media either.
    await y.cmd({ cmd: 'subscribe', uid: x.uid });
    await y.event('onerror', (e) => e.cmd === 'subscribe');
    await x.poll();
    expect(x.events.map((e) => e.event)).toEqual(['onconfjoinok', 'onconfstate']);
  });

  it('admits 16 to a room and refuses the 17th with onconfjoinfail', async () => {
    const tenant = await addTenant(t.app, 'Conf full');
    const consoles = await Promise.all(Array.from({ length: 17 }, (_, i) => member(tenant, `conf-full-${i}`)));
    for (const c of consoles.slice(0, 16)) {
      await c.cmd({ cmd: 'joinroom', roomId: '3333' });
      await c.event('onconfjoinok');
    }
    const last = consoles[16]!;
    await last.cmd({ cmd: 'joinroom', roomId: '3333' });
    expect(await last.event('onconfjoinfail')).toEqual({ event: 'onconfjoinfail', roomId: '3333', reason: 'full' });
  }, 60_000);

  it('ends an instance nobody polled for 30 s, and its room sees it leave', async () => {
    const tenant = await addTenant(t.app, 'Conf expiry');
    const quiet = await member(tenant, 'conf-quiet');
    const busy = await member(tenant, 'conf-busy');
    await quiet.cmd({ cmd: 'joinroom', roomId: '4444' });
    await quiet.event('onconfjoinok');
    await busy.cmd({ cmd: 'joinroom', roomId: '4444' });
    await busy.event('onconfjoinok');
    t.clock.advance(20_000);
    await busy.poll();
    t.clock.advance(11_000);
    await busy.event('onactorleave', (e) => e.uid === quiet.uid);
    expect(await confGet(`/api/conf/v1/get/${quiet.base}`)).toMatchObject({ ret: 3, msg: 'invalid instanceId' });
  });
});
