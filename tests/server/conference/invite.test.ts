/**
 * order/manyVideoCallToJuphoon: a console in a conference room invites devices; each gets a
 * `videoCall` command with the room's channel and a token, and the simulator's door unit joins
 * with ffmpeg's VP8 and Opus. The console sees the device as a member, receives its picture
 * through the conference protocol, and the device goes when the last console leaves. Refusals:
 * not in the room, unknown, offline or unable devices, another company's device, the visitor, and
 * the command through command/sendMany.
 */
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RTCPeerConnection } from 'werift';
import type { ConfCommand, ConfEvent, ConfLoginData, ConfMessage } from '../../../src/shared/conference';
import { STATE_BITS } from '../../../src/shared/conference';
import type { BatchCommandResult } from '../../../src/shared/devices/api';
import type { MediaRoomAnswer, MediaSessionAnswer } from '../../../src/shared/media';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { deviceCommands } from '../../../src/server/db/schema';
import { deviceUid } from '../../../src/server/voice';
import { Fleet } from '../../../src/sim/fleet';
import { startCallMedia } from '../../../src/sim/media';
import { toSimDevice } from '../../../src/sim/roster';
import { addTenant } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices, until, type TestDevice } from '../ingest-helper';
import { connected, localSdp, loopbackPeer } from '../media-helper';

let t: TestApp;
let demo: { token: string; id: number };
let door: TestDevice;
let fleet: Fleet;
let httpBase: string;
const lines: string[] = [];
const peers: RTCPeerConnection[] = [];

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true, config: { media: { iceServers: [], hostAddresses: [] } } });
  const mqttUrl = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  httpBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  [door] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
  fleet = new Fleet([{ device: toSimDevice({ imei: door.imei, kind: 'doorUnit' })!, secret: door.secret }], {
    url: mqttUrl,
    intervalS: 3600,
    httpBase,
    log: (l) => lines.push(l),
  });
  await fleet.start();
  await until(
    async () => (await t.app.deviceCache.get(door.imei))?.state === 1 || undefined,
    10_000,
    'the door unit online',
  );
  const d = await login(t.app, 'demo', 'demo123');
  demo = { token: d.token, id: d.user.id };
}, 120_000);
afterAll(async () => {
  await fleet?.stop();
  await Promise.all(peers.map((pc) => pc.close().catch(() => undefined)));
  await t?.close();
});

const invite = (body: unknown, token = demo.token) =>
  post<{ results: BatchCommandResult[] }>(t.app, '/api/device/order/manyVideoCallToJuphoon', body, { token });

/** The parts of a console's conference client the test needs. */
class Console {
  readonly events: ConfEvent[] = [];
  readonly sdps: ConfMessage[] = [];
  constructor(readonly login: ConfLoginData) {}

  get base() {
    return `${this.login.confNum}/${this.login.instanceId}`;
  }

  async poll(): Promise<void> {
    const res = await t.app.inject({ method: 'GET', url: `/api/conf/v1/get/${this.base}` });
    for (const text of (res.json() as { data: string[] }).data) {
      const m = JSON.parse(text) as ConfMessage;
      if (m.type === 'msg') this.events.push(JSON.parse(m.txt!) as ConfEvent);
      if (m.type === 'sdp') this.sdps.push(m);
    }
  }

  async send(m: Omit<ConfMessage, 'from'>): Promise<void> {
    await post(t.app, `/api/conf/v1/set/${this.base}`, {
      data: [JSON.stringify({ from: this.login.instanceId, ...m })],
    });
  }

  cmd(c: ConfCommand): Promise<void> {
    return this.send({ to: 'server', type: 'cmd', txt: JSON.stringify(c) });
  }

  async event<E extends ConfEvent['event']>(
    name: E,
    match: (e: Extract<ConfEvent, { event: E }>) => boolean = () => true,
    ms = 15_000,
  ) {
    return (await until(
      async () => {
        await this.poll();
        return this.events.find(
          (e): e is Extract<ConfEvent, { event: E }> =>
            e.event === name && match(e as Extract<ConfEvent, { event: E }>),
        );
      },
      ms,
      name,
    ))!;
  }
}

async function consoleIn(roomId: string): Promise<Console> {
  const res = (await post(t.app, '/api/conf/v1/conference/9', {
    accountName: String(demo.id),
    password: demo.token,
    appKey: 'local',
  })) as unknown as { data: ConfLoginData };
  const c = new Console(res.data);
  await c.cmd({ cmd: 'joinroom', roomId });
  await c.event('onconfjoinok');
  return c;
}

describe('order/manyVideoCallToJuphoon', () => {
  it('refuses a caller outside the room, the visitor, and videoCall through command/sendMany', async () => {
    expect(await invite({ imeis: [door.imei], roomId: '7001', hide: 0, video: 1 })).toMatchObject({
      code: 400,
      key: 'confNotInRoom',
    });
    const visitor = String(
      (await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization,
    );
    expect((await invite({ imeis: [door.imei], roomId: '7001' }, visitor)).code).not.toBe(0);
    expect((await invite({ imeis: 'not-an-imei!', roomId: '7001' })).code).toBe(400);
    expect((await invite({ imeis: [], roomId: '7001' })).code).toBe(400);
    const many = await post(
      t.app,
      '/api/device/command/sendMany',
      {
        imeis: [door.imei],
        cmd: 'videoCall',
        params: { channel: 'x', roomId: '1', uid: '1', token: 't', by: '1', video: true, hide: false },
      },
      { token: demo.token },
    );
    expect(many.code).toBe(400);
  });

  it('brings a door unit into the room: a member at once, its picture received through the conference, gone when the console leaves', async () => {
    const c = await consoleIn('7002');
    const [helmet] = (await addDevices(t.app, 1)) as [TestDevice];
    const [offline] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    const other = await addTenant(t.app, 'Invite Other');
    const [foreign] = (await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: other })) as [TestDevice];
    const res = await invite({
      imeis: [door.imei, helmet.imei, offline.imei, foreign.imei].join(','),
      roomId: '7002',
      hide: 0,
      video: 1,
    });
    expect(res.code).toBe(0);
    const uid = deviceUid(door.imei);
    expect(res.data.results).toEqual([
      { imei: door.imei, id: expect.any(Number), status: expect.any(Number) },
      // A helmet has videoCall but is offline, like the second door unit; the other company's unit is unknown here.
      { imei: helmet.imei, key: 'deviceOffline' },
      { imei: offline.imei, key: 'deviceOffline' },
      { imei: foreign.imei, key: 'notFound' },
    ]);
    // The stored command keeps no token.
    const [stored] = await t.app.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, res.data.results[0]!.id!));
    expect(JSON.parse(String(stored!.params))).toEqual({
      channel: `t${stored!.tenantId}_room_7002`,
      roomId: '7002',
      uid,
      by: String(demo.id),
      video: true,
      hide: false,
    });

    // A member at once, then its media: the console is told and receives its picture.
    const joined = await c.event('onactorstate', (e) => e.member.uid === uid);
    expect(joined.member).toMatchObject({
      userName: door.imei,
      state: STATE_BITS.enableAudio | STATE_BITS.enableVideo,
    });
    await c.event('onmedianotiy', (e) => e.uid === uid, 30_000);
    await until(
      async () =>
        (await t.app.db.select().from(deviceCommands).where(eq(deviceCommands.id, stored!.id)))[0]?.ackOk ?? undefined,
      15_000,
      'the ack',
    );
    await c.cmd({ cmd: 'subscribe', uid });
    const offer = await until(
      async () => {
        await c.poll();
        return c.sdps.find((m) => m.from === uid && m.sdp?.type === 'offer');
      },
      10_000,
      'the offer',
    );
    const pc = loopbackPeer(peers);
    let frames = 0;
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => void (track.kind === 'video' && rtp.header.marker && frames++)),
    );
    await pc.setRemoteDescription({ type: 'offer', sdp: offer!.sdp!.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await c.send({ to: uid, type: 'sdp', sdp: { type: 'answer', sdp: await localSdp(pc), id: offer!.sdp!.id } });
    await connected(pc);
    await until(() => (frames > 10 ? true : undefined), 20_000, 'the door unit’s frames');
    expect(
      lines.some((l) => l.includes(`doorUnit ${door.imei} conference room 7002`) && l.includes('publishing')),
    ).toBe(true);

    // Busy in the call, it refuses the monitoring wall, and the viewer is told at once.
    const busy = await post(t.app, '/api/device/camera/watchDevice', { imei: door.imei }, { token: demo.token });
    expect([busy.code, busy.key, busy.msg]).toEqual([
      400,
      'deviceRefusedVideo',
      'The device refused to send its video: busy',
    ]);
    // Inviting it again while it is there is no second member.
    expect((await invite({ imeis: [door.imei], roomId: '7002' })).data.results[0]).toMatchObject({ imei: door.imei });

    await c.cmd({ cmd: 'leaveroom' });
    await c.event('onconfdidleave');
    expect(t.app.sfu.room(`t${stored!.tenantId}_room_7002`).map((p) => p.uid)).not.toContain(uid);
    // The device notices and ends its part of the call (it is free for the next one).
    await until(
      () => (lines.some((l) => l.includes('conference room 7002: left the call')) ? true : undefined),
      15_000,
      'the door unit leaving',
    );
  }, 90_000);
});

describe('devices on the monitoring wall (camera/watchDevice)', () => {
  it("asks the device to publish into its wall room once, answers the viewer's token, and the picture arrives", async () => {
    const res = await post<{ channel: string; uid: string; token: string; publisher: string }>(
      t.app,
      '/api/device/camera/watchDevice',
      { imei: door.imei },
      { token: demo.token },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      channel: expect.stringMatching(new RegExp(`^dev_\\d+_${door.imei}$`)),
      uid: String(demo.id),
      publisher: deviceUid(door.imei),
    });
    const [cmd] = await t.app.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.imei, door.imei))
      .orderBy(desc(deviceCommands.id))
      .limit(1);
    // Watched, not called: no inviter, and the device does not show the call.
    expect(JSON.parse(String(cmd!.params))).toEqual({
      channel: res.data.channel,
      roomId: 'monitor',
      uid: deviceUid(door.imei),
      video: true,
      hide: true,
    });
    // A second viewer while it connects does not ask again.
    await post(t.app, '/api/device/camera/watchDevice', { imei: door.imei }, { token: demo.token });
    expect(
      (
        await t.app.db
          .select()
          .from(deviceCommands)
          .where(eq(deviceCommands.imei, door.imei))
          .orderBy(desc(deviceCommands.id))
          .limit(1)
      )[0]!.id,
    ).toBe(cmd!.id);

    const auth = { channel: res.data.channel, uid: res.data.uid, token: res.data.token };
    await until(
      async () =>
        (await post<MediaRoomAnswer>(t.app, '/api/media/room', auth)).data.publishers.length > 0 ? true : undefined,
      20_000,
      'the device publishing',
    );
    const offer = await post<MediaSessionAnswer>(t.app, '/api/media/subscribe', {
      ...auth,
      publisher: res.data.publisher,
    });
    const pc = loopbackPeer(peers);
    let frames = 0;
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => void (track.kind === 'video' && rtp.header.marker && frames++)),
    );
    await pc.setRemoteDescription({ type: 'offer', sdp: offer.data.sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    expect((await post(t.app, '/api/media/accept', { ...auth, id: offer.data.id, sdp: await localSdp(pc) })).code).toBe(
      0,
    );
    await connected(pc);
    await until(() => (frames > 10 ? true : undefined), 20_000, 'the device’s frames on the wall');
    expect(lines.some((l) => l.includes(`doorUnit ${door.imei} on the monitoring wall`))).toBe(true);
    // Its recording and snapshot go by IMEI; another company's device is unknown.
    const other = await addTenant(t.app, 'Wall Other');
    const [foreign] = (await addDevices(t.app, 1, { kind: 'doorUnit', tenantId: other })) as [TestDevice];
    expect(
      (await post(t.app, '/api/device/camera/watchDevice', { imei: foreign.imei }, { token: demo.token })).key,
    ).toBe('notFound');
    expect(
      (
        await post(
          t.app,
          '/api/device/camera/record',
          { imei: door.imei, id: 1, action: 'start' },
          { token: demo.token },
        )
      ).code,
    ).toBe(400);
  }, 60_000);

  it('a watched device leaves once nobody receives it', async () => {
    const [unit] = (await addDevices(t.app, 1, { kind: 'doorUnit' })) as [TestDevice];
    const channel = `dev_1_${unit.imei}`;
    const uid = deviceUid(unit.imei);
    const log: string[] = [];
    const call = startCallMedia({
      httpBase,
      imei: unit.imei,
      secret: unit.secret,
      roomNo: 'monitor',
      holdS: 60,
      log: (l) => log.push(l),
      auth: { channel, uid, token: t.app.mediaTokens.buildToken(channel, uid).token },
      whileWatched: true,
      unwatchedMs: 1500,
    });
    expect(await call.published).toBe(true);
    expect(await call.ended).toBe('unwatched');
    expect(log.some((l) => l.includes('nobody watches any more'))).toBe(true);
  }, 30_000);
});
