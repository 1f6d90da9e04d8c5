import { readFileSync } from 'node:fs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceCommands } from '../../server/db/schema-devices';
import type { EmbeddedBroker } from '../../server/broker/types';
import { DeviceBrain } from '../../sim/brain';
import { AdScreen } from '../../sim/ads';
import { uplinkSchema } from '../../shared/devices/protocol';
import { topics } from '../../shared/topics';
import { UPLOAD_VIDEO_MAX } from '../../shared/constants';
import { buildTestApp, login, post, type TestApp } from '../../../tests/server/helper';
import { list, tenantWithAdmin, upload, type Row } from '../../../tests/server/org-helper';
import { addDevices, deviceClient, until, up, type TestDevice } from '../../../tests/server/ingest-helper';
import { AD_DELIVERY } from '../ad-delivery/resource';
import { AD_REVIEW } from './resource';
import { adPlays } from './server';

let t: TestApp;
let url: string;
let demo: string;
let other: string;
const clients: MqttClient[] = [];
const webm = readFileSync(new URL('../../../public/video/demo-recording.webm', import.meta.url));

beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
  url = `mqtt://127.0.0.1:${await (t.app.broker as EmbeddedBroker).listenTcp(0, '127.0.0.1')}`;
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Ads Co', 'otheradsadmin')).token;
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
  await t?.close();
});

interface Uploaded {
  name: string;
  durationS: number;
  poster: string | null;
  url: string;
}

async function uploadAd(token = demo): Promise<Uploaded> {
  const res = await upload(t.app, '/api/user/ossUser/uploadAdvertVideo', webm, token, 'spot.webm');
  expect(res.code, res.msg).toBe(1);
  return res.data as Uploaded;
}

const getAd = async (id: number) =>
  (await post<Row>(t.app, '/api/user/advertisement/get', { id }, { token: demo })).data;

const ad = (video: string, extra: object = {}) => ({
  title: 'Noodle shop spot',
  client: 'Lanzhou Noodles',
  phone: '13812345678',
  video,
  fee: 0.25,
  status: 1,
  ...extra,
});

/** A simulated door unit (src/sim/brain.ts) on a real MQTT connection, on a clock the test moves. */
async function simulatedUnit(d: TestDevice, clock: { now: number }) {
  const client = await deviceClient(url, d);
  clients.push(client);
  const brain = new DeviceBrain(
    { imei: d.imei, kind: 'doorUnit', scenario: 'community', lat: 30, lon: 120, messageType: 'json' },
    (topic, payload, qos) => void client.publish(topic, Buffer.from(payload), { qos }),
    {
      intervalS: 10,
      now: () => clock.now,
    },
  );
  client.on('message', (_topic, payload) => brain.handle(payload));
  await client.subscribeAsync(topics.deviceServer(d.imei), { qos: 1 });
  brain.announce();
  return { client, brain };
}

describe('advertisements', () => {
  it('the demo site starts with an ad on the demo door units (with plays), one awaiting review and one failed with its reason', async () => {
    const ads = (await list(t.app, 'advertisement', { sort: [{ field: 'id', order: 'asc' }] }, demo)).rows;
    expect(ads.map((r) => r.reviewState)).toEqual([AD_REVIEW.delivered, AD_REVIEW.pending, AD_REVIEW.failed]);
    expect(ads[2]!.reviewReason).toBeTruthy();
    const deliveries = (await list(t.app, 'adDelivery', { filters: { adId: ads[0]!.id } }, demo)).rows;
    expect(deliveries.map((r) => r.imei).sort()).toEqual(['860100000000025', '860100000000026']);
    expect(deliveries.every((r) => r.state === AD_DELIVERY.acknowledged)).toBe(true);
    expect(ads[0]!.plays).toBeGreaterThan(5);
    expect(ads[0]!.billed).toBeCloseTo(Number(ads[0]!.plays) * 0.2, 2);
    expect((await list(t.app, 'advertisement', {}, other)).total).toBe(0);
  });

  it('uploadAdvertVideo measures the video (duration, poster); refuses a non-video and an oversized file with their messages', async () => {
    const saved = await uploadAd();
    expect(saved).toMatchObject({
      durationS: 8,
      name: expect.stringMatching(/\.webm$/),
      poster: expect.stringMatching(/\.jpg$/),
    });
    const notVideo = await upload(
      t.app,
      '/api/user/ossUser/uploadAdvertVideo',
      Buffer.from('plain text, not a video'),
      demo,
      'spot.mp4',
    );
    expect([notVideo.code, notVideo.key]).toEqual([400, 'fileFormat']);
    const big = Buffer.concat([webm, Buffer.alloc(UPLOAD_VIDEO_MAX)]);
    const tooBig = await upload(t.app, '/api/user/ossUser/uploadAdvertVideo', big, demo, 'spot.webm');
    expect([tooBig.code, tooBig.key]).toEqual([400, 'fileTooLarge']);
  });

  it('an ad takes its duration and poster from its uploaded video; bad input and other tenants are refused', async () => {
    const saved = await uploadAd();
    const added = await post<Row>(t.app, '/api/user/advertisement/add', ad(saved.name, { durationS: 999 }), {
      token: demo,
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({
      durationS: 8,
      poster: saved.poster,
      reviewState: AD_REVIEW.pending,
      plays: 0,
      billed: 0,
    });
    // A video nobody uploaded for ads, and another company's video.
    expect((await post(t.app, '/api/user/advertisement/add', ad('nope.webm'), { token: demo })).key).toBe(
      'adVideoUnknown',
    );
    expect((await post(t.app, '/api/user/advertisement/add', ad(saved.name), { token: other })).key).toBe(
      'adVideoUnknown',
    );
    const badPhone = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { phone: '12345678901' }), {
      token: demo,
    });
    expect([badPhone.code, badPhone.key]).toEqual([400, 'phoneInvalid']);
    const badFee = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { fee: 1.234 }), { token: demo });
    expect(badFee.code).toBe(400);
    const halfWindow = await post(t.app, '/api/user/advertisement/add', ad(saved.name, { dailyStart: '08:00' }), {
      token: demo,
    });
    expect(halfWindow.key).toBe('adScheduleInvalid');
    expect((await list(t.app, 'advertisement', { keyword: 'Lanzhou' }, other)).total).toBe(0);
    expect((await list(t.app, 'advertisement', { keyword: 'Lanzhou' }, demo)).total).toBeGreaterThan(0);
    const updated = await post<Row>(
      t.app,
      '/api/user/advertisement/update',
      { id: added.data.id, title: 'Noodles, now 2 for 1' },
      { token: demo },
    );
    expect(updated.data).toMatchObject({ title: 'Noodles, now 2 for 1', durationS: 8 });
    expect(
      (await post(t.app, '/api/user/advertisement/update', { id: added.data.id, title: 'mine now' }, { token: other }))
        .code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/advertisement/delete', { ids: [added.data.id] }, { token: demo })).code).toBe(
      0,
    );
  });

  it('review: pass or fail with a reason, resubmit, edits go back to review; illegal moves are noSuchTransition', async () => {
    const saved = await uploadAd();
    const { data } = await post<Row>(t.app, '/api/user/advertisement/add', ad(saved.name, { title: 'Review me' }), {
      token: demo,
    });
    const id = data.id;
    const state = () => getAd(id);
    expect((await post(t.app, '/api/user/advertisement/distribute', { id }, { token: demo })).key).toBe(
      'adNotApproved',
    );
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: false }, { token: demo })).code).toBe(400);
    expect(
      (await post(t.app, '/api/user/advertisement/review', { id, pass: false, reason: 'Blurry logo' }, { token: demo }))
        .code,
    ).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.failed, reviewReason: 'Blurry logo' });
    const illegal = await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo });
    expect([illegal.code, illegal.key]).toEqual([400, 'noSuchTransition']);
    expect((await post(t.app, '/api/user/advertisement/resubmit', { id }, { token: demo })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.pending, reviewReason: null });
    expect((await post(t.app, '/api/user/advertisement/resubmit', { id }, { token: demo })).key).toBe(
      'noSuchTransition',
    );
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo })).code).toBe(0);
    expect(await state()).toMatchObject({ reviewState: AD_REVIEW.passed, reviewerName: expect.any(String) });
    // A disabled ad is not distributed.
    await post(t.app, '/api/user/advertisement/update', { id, status: 0 }, { token: demo });
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo })).code).toBe(0);
    expect(
      (await post(t.app, '/api/user/advertisement/distribute', { id, imeis: ['860100000000025'] }, { token: demo }))
        .key,
    ).toBe('adDisabled');
    // An edit of a passed ad is reviewed again.
    await post(t.app, '/api/user/advertisement/update', { id, fee: 0.5 }, { token: demo });
    expect((await state()).reviewState).toBe(AD_REVIEW.pending);
    // Another company cannot review it.
    expect((await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: other })).code).toBe(404);
  });

  it('distribution over MQTT: the simulated unit acknowledges, plays and reports; an offline unit gets it on coming online; withdraw removes it', async () => {
    const clock = { now: Date.now() };
    const [online, late] = await addDevices(t.app, 2, { kind: 'doorUnit' });
    const unit = await simulatedUnit(online!, clock);
    await until(
      async () => (await list(t.app, 'device', { keyword: online!.imei }, demo, 'device')).rows[0]?.state === 1,
      10_000,
      'the unit online',
    );
    const saved = await uploadAd();
    const { data } = await post<Row>(
      t.app,
      '/api/user/advertisement/add',
      ad(saved.name, { title: 'On the screens', fee: 0.5 }),
      { token: demo },
    );
    const id = data.id;
    await post(t.app, '/api/user/advertisement/review', { id, pass: true }, { token: demo });
    const sent = await post<{ results: { imei: string; status?: number; key?: string }[] }>(
      t.app,
      '/api/user/advertisement/distribute',
      { id, imeis: [online!.imei, late!.imei, '860000000009999'] },
      { token: demo },
    );
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ imei: online!.imei, status: 3 }),
        expect.objectContaining({ imei: late!.imei, key: 'deviceOffline' }),
        expect.objectContaining({ imei: '860000000009999', key: 'notDoorUnit' }),
      ]),
    );
    expect(await getAd(id)).toMatchObject({ reviewState: AD_REVIEW.delivered });
    const deliveries = async () => (await list(t.app, 'adDelivery', { filters: { adId: id } }, demo)).rows;
    await until(
      async () => (await deliveries()).find((r) => r.imei === online!.imei)?.state === AD_DELIVERY.acknowledged,
      10_000,
      'the ack',
    );
    expect((await deliveries()).find((r) => r.imei === late!.imei)).toMatchObject({
      state: AD_DELIVERY.pending,
      attempts: 0,
    });
    expect(unit.brain.ads.adIds).toEqual([id]);
    // A delivered ad is not edited until withdrawn.
    expect((await post(t.app, '/api/user/advertisement/update', { id, title: 'x' }, { token: demo })).key).toBe(
      'adDelivered',
    );
    expect((await post(t.app, '/api/user/advertisement/delete', { ids: [id] }, { token: demo })).key).toBe(
      'adDelivered',
    );

    // The unit downloads the video with its own credentials; nobody else does.
    const basic = (imei: string, secret: string) => `Basic ${Buffer.from(`${imei}:${secret}`).toString('base64')}`;
    const video = await t.app.inject({
      method: 'GET',
      url: `/api/user/advertisement/video/${id}`,
      headers: { authorization: basic(online!.imei, online!.secret) },
    });
    expect([video.statusCode, video.headers['content-type'], video.rawPayload.length]).toEqual([
      200,
      'video/webm',
      webm.length,
    ]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/advertisement/video/${id}`,
          headers: { authorization: basic(online!.imei, 'wrong') },
        })
      ).json().code,
    ).toBe(208);

    // 25 s of screen time: three 8 s plays, reported at the next interval.
    clock.now += 25_000;
    unit.brain.report(10);
    await until(
      async () => (await t.app.db.select().from(adPlays).where(eq(adPlays.adId, id))).length === 3,
      10_000,
      'three plays',
    );
    const stats = await post<{ rows: Row[] }>(
      t.app,
      '/api/user/advertisement/plays/stats',
      { by: 'ad', adId: id },
      { token: demo },
    );
    expect(stats.data.rows).toEqual([expect.objectContaining({ key: id, plays: 3, seconds: 24, billed: 1.5 })]);
    const perUnit = await post<{ rows: Row[] }>(
      t.app,
      '/api/user/advertisement/plays/stats',
      { by: 'device', from: '2000-01-01', to: '2100-01-01' },
      { token: demo },
    );
    expect(perUnit.data.rows.find((r) => r.key === online!.imei)).toMatchObject({ plays: 3, seconds: 24 });
    expect(
      (
        await post<{ rows: Row[] }>(
          t.app,
          '/api/user/advertisement/plays/stats',
          { by: 'ad', adId: id },
          { token: other },
        )
      ).data.rows,
    ).toEqual([]);
    expect(await getAd(id)).toMatchObject({ plays: 3, billed: 1.5 });
    expect((await list(t.app, 'adPlay', { filters: { adId: id } }, demo)).total).toBe(3);
    expect((await list(t.app, 'adPlay', { filters: { adId: id } }, other)).total).toBe(0);

    // Bad play reports are refused without harm; a repeated one is stored once; one for an ad it was not given is ignored.
    for (const bad of [
      { adId: 'x', startedAt: clock.now, seconds: 8 },
      { adId: id, startedAt: clock.now, seconds: -1 },
      { adId: id, seconds: 8 },
    ]) {
      expect(uplinkSchema.safeParse({ kind: 'adPlay', ...bad }).success).toBe(false);
      await up(unit.client, online!.imei, { kind: 'adPlay', ...bad });
    }
    const first = (await t.app.db.select().from(adPlays).where(eq(adPlays.adId, id)))[0]!;
    await up(unit.client, online!.imei, { kind: 'adPlay', adId: id, startedAt: first.startedAt.getTime(), seconds: 8 });
    await up(unit.client, online!.imei, { kind: 'adPlay', adId: id + 1000, startedAt: clock.now, seconds: 8 });
    await up(unit.client, online!.imei, { kind: 'adPlay', adId: id, startedAt: clock.now - 1000, seconds: 5 });
    await until(
      async () => (await t.app.db.select().from(adPlays).where(eq(adPlays.adId, id))).length === 4,
      10_000,
      'the good report',
    );
    expect(
      (
        await t.app.db
          .select()
          .from(adPlays)
          .where(eq(adPlays.adId, id + 1000))
      ).length,
    ).toBe(0);

    // The late unit comes online and gets the ad it missed.
    const lateUnit = await simulatedUnit(late!, clock);
    await until(
      async () => (await deliveries()).find((r) => r.imei === late!.imei)?.state === AD_DELIVERY.acknowledged,
      10_000,
      'the late ack',
    );
    expect(lateUnit.brain.ads.adIds).toEqual([id]);

    // Withdraw: both units drop it; the ad is passed again (editable, distributable).
    const withdrawn = await post<{ results: Row[] }>(
      t.app,
      '/api/user/advertisement/withdraw',
      { id },
      { token: demo },
    );
    expect(withdrawn.data.results).toHaveLength(2);
    await until(async () => (await deliveries()).every((r) => r.state === AD_DELIVERY.withdrawn), 10_000, 'withdrawn');
    expect(unit.brain.ads.adIds).toEqual([]);
    expect(lateUnit.brain.ads.adIds).toEqual([]);
    expect(await getAd(id)).toMatchObject({ reviewState: AD_REVIEW.passed });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/user/advertisement/video/${id}`,
          headers: { authorization: basic(online!.imei, online!.secret) },
        })
      ).statusCode,
    ).toBe(404);
    // A unit that still names the withdrawn ad (and one it never got) on connecting is told to drop both.
    const withdrawals = async () =>
      (
        await t.app.db
          .select()
          .from(deviceCommands)
          .where(and(eq(deviceCommands.deviceId, late!.id), eq(deviceCommands.cmd, 'adWithdraw')))
      ).length;
    const before = await withdrawals();
    await up(lateUnit.client, late!.imei, { kind: 'adSync', adIds: [id, 99_999] });
    await until(async () => (await withdrawals()) === before + 2, 10_000, 'withdrawals on sync');
    // Re-send of a delivery re-opens nothing once withdrawn; a fresh distribute does.
    const again = await post<{ results: Row[] }>(
      t.app,
      '/api/user/advertisement/distribute',
      { id, imeis: [online!.imei] },
      { token: demo },
    );
    expect(again.data.results[0]).toMatchObject({ status: 3 });
    const [delivery] = (await deliveries()).filter((r) => r.imei === online!.imei);
    const resent = await post<{ results: Row[] }>(
      t.app,
      '/api/user/advertisement/resend',
      { ids: [delivery!.id] },
      { token: demo },
    );
    expect(resent.data.results[0]).toMatchObject({ imei: online!.imei, status: 3 });
    await until(
      async () => (await deliveries()).find((r) => r.imei === online!.imei)?.attempts === 3,
      10_000,
      'the re-send',
    );
    // Another company sees none of it.
    expect((await list(t.app, 'adDelivery', { filters: { adId: id } }, other)).total).toBe(0);
    expect((await post(t.app, '/api/user/advertisement/withdraw', { id }, { token: other })).code).toBe(404);
  }, 60_000);
});

describe('targeting', () => {
  it("without picked units an ad goes to the door units of its communities and units; another company's community is refused", async () => {
    const [a, b, elsewhere] = await addDevices(t.app, 3, { kind: 'doorUnit' });
    const community = (
      await post<Row>(t.app, '/api/user/community/add', { name: `Ad Gardens ${Date.now()}` }, { token: demo })
    ).data;
    const building = (
      await post<Row>(
        t.app,
        '/api/user/building/add',
        { communityId: community.id, number: 1, name: '1栋' },
        { token: demo },
      )
    ).data;
    const [u1, u2] = [
      (
        await post<Row>(
          t.app,
          '/api/user/unit/add',
          { buildingId: building.id, number: 1, name: '1单元' },
          { token: demo },
        )
      ).data,
      (
        await post<Row>(
          t.app,
          '/api/user/unit/add',
          { buildingId: building.id, number: 2, name: '2单元' },
          { token: demo },
        )
      ).data,
    ];
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/attach', { id: u1!.id, imeis: [a!.imei] }, { token: demo })).code,
    ).toBe(0);
    expect(
      (await post(t.app, '/api/user/unit/doorUnit/attach', { id: u2!.id, imeis: [b!.imei] }, { token: demo })).code,
    ).toBe(0);
    const saved = await uploadAd();
    const theirs = (await post<Row>(t.app, '/api/user/community/add', { name: 'Not yours' }, { token: other })).data;
    expect(
      (await post(t.app, '/api/user/advertisement/add', ad(saved.name, { communityIds: [theirs.id] }), { token: demo }))
        .key,
    ).toBe('refInvalid');
    const byUnit = (
      await post<Row>(
        t.app,
        '/api/user/advertisement/add',
        ad(saved.name, { title: 'Unit 2 only', unitIds: [u2!.id] }),
        { token: demo },
      )
    ).data;
    const byCommunity = (
      await post<Row>(
        t.app,
        '/api/user/advertisement/add',
        ad(saved.name, { title: 'Whole community', communityIds: [community.id] }),
        { token: demo },
      )
    ).data;
    expect(byCommunity).toMatchObject({ communityIds: [community.id], unitIds: [] });
    const nowhere = (
      await post<Row>(t.app, '/api/user/advertisement/add', ad(saved.name, { title: 'Nowhere' }), { token: demo })
    ).data;
    for (const x of [byUnit, byCommunity, nowhere])
      await post(t.app, '/api/user/advertisement/review', { id: x.id, pass: true }, { token: demo });
    const imeisOf = async (id: number) =>
      (
        await post<{ results: { imei: string }[] }>(
          t.app,
          '/api/user/advertisement/distribute',
          { id },
          { token: demo },
        )
      ).data.results
        .map((r) => r.imei)
        .sort();
    expect(await imeisOf(byUnit.id)).toEqual([b!.imei]);
    expect(await imeisOf(byCommunity.id)).toEqual([a!.imei, b!.imei].sort());
    expect(await imeisOf(byCommunity.id)).not.toContain(elsewhere!.imei);
    expect((await post(t.app, '/api/user/advertisement/distribute', { id: nowhere.id }, { token: demo })).key).toBe(
      'adNoDoorUnits',
    );
  });
});

describe('the simulated screen (src/sim/ads.ts)', () => {
  const push = (adId: number, durationS: number, schedule = {}) => ({
    adId,
    title: `ad ${adId}`,
    url: `/api/user/advertisement/video/${adId}`,
    durationS,
    schedule,
  });

  it('plays its ads in turn, each for its duration, and reports each finished play', () => {
    const screen = new AdScreen();
    const t0 = Date.UTC(2026, 10, 25, 4, 0, 0);
    expect(screen.tick(t0)).toEqual([]);
    screen.obey('adPush', push(1, 8), t0);
    screen.obey('adPush', push(2, 5), t0);
    expect(screen.tick(t0 + 7_000)).toEqual([]);
    expect(screen.tick(t0 + 14_000)).toEqual([
      { adId: 1, startedAt: t0, seconds: 8 },
      { adId: 2, startedAt: t0 + 8_000, seconds: 5 },
    ]);
    expect(screen.obey('adWithdraw', { adId: 1 }, t0 + 14_000)).toBe('ad 1 removed');
    expect(screen.tick(t0 + 30_000).map((p) => p.adId)).toEqual([2, 2, 2]);
    expect(() => screen.obey('adPush', { adId: 3 }, t0)).toThrow();
  });

  it('keeps to the schedule: nothing outside its dates or daily window', () => {
    const screen = new AdScreen();
    const at = new Date(2026, 10, 25, 12, 0, 0).getTime();
    screen.obey('adPush', push(1, 10, { startDate: '2026-11-26' }), at);
    screen.obey('adPush', push(2, 10, { dailyStart: '13:00', dailyEnd: '14:00' }), at);
    expect(screen.tick(at + 60_000)).toEqual([]);
    screen.obey('adPush', push(3, 10, { dailyStart: '22:00', dailyEnd: '13:00' }), at + 60_000);
    expect(screen.tick(at + 85_000).map((p) => p.adId)).toEqual([3, 3]);
  });
});
