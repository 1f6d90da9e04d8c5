import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { deviceCommands } from '../../../src/server/db/schema';
import type { EmbeddedBroker } from '../../../src/server/broker/types';
import { DeviceBrain } from '../../../src/sim/brain';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { topics } from '../../../src/shared/topics';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { addDevices, deviceClient, until, up, type TestDevice } from '../../server/ingest-helper';
import { AD_DELIVERY } from '../../../src/entities/ad-delivery';
import { AD_REVIEW } from '../../../src/entities/advertisement/resource';
import { ad, getAdAs, uploadAdVideo, webm } from './advertisement.fixture';
import { adPlays } from '../../../src/entities/advertisement/table';

let t: TestApp;
let url: string;
let demo: string;
let other: string;
const clients: MqttClient[] = [];

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

const uploadAd = (token = demo) => uploadAdVideo(t.app, token);
const getAd = (id: number) => getAdAs(t.app, demo, id);

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
