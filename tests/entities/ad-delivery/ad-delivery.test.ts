/**
 * Ad deliveries (/advertisingdistribution): the read-only list of which door unit has which ad,
 * its state computed from the adPush / adWithdraw commands and the unit's ack (./server.ts), the
 * filters, export and tenant isolation. Distribution itself is the advertisement folder's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KnownDevice } from '../../../src/server/devices/hub';
import { applyAck } from '../../../src/server/devices/commands';
import { post, type TestApp } from '../../server/helper';
import { adFixture } from '../../server/ad-fixture';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';
import { AD_DELIVERY } from '../../../src/entities/ad-delivery/resource';
import { adDeliveries } from '../../../src/entities/advertisement';
import { eq } from 'drizzle-orm';

let t: TestApp;
let demo: string;
let other: string;
let f: { adId: number; deviceId: number; tenantId: number; imei: string };

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const deliveriesOf = async (token = demo) =>
  (await list(t.app, 'adDelivery', { filters: { adId: f.adId } }, token)).rows;
const ack = async (commandId: number, ok: boolean, msg?: string) =>
  applyAck(t.app, { id: f.deviceId } as KnownDevice, { ref: commandId, ok, msg }, new Date(t.clock.now()));

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'deliveryother')).token;
  f = await adFixture(t.app, demo);
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('ad deliveries', () => {
  it('the demo site starts with deliveries; the list sorts by IMEI and filters by it', async () => {
    const all = await list(t.app, 'adDelivery', { sort: [{ field: 'imei', order: 'asc' }], size: 100 }, demo);
    expect(all.total).toBeGreaterThan(1);
    const imeis = all.rows.map((r) => String(r.imei));
    expect(imeis).toEqual([...imeis].sort());
    const mine = await list(t.app, 'adDelivery', { filters: { imei: f.imei.slice(-8) } }, demo);
    expect(mine.rows.map((r) => r.imei)).toEqual([f.imei]);
    expect((await list(t.app, 'adDelivery', {}, other)).total).toBe(0);
  });

  it("a distributed ad is sent to the unit; the unit's ack makes it acknowledged, a refusal failed", async () => {
    const [row] = await deliveriesOf();
    expect(row).toMatchObject({ imei: f.imei, withdrawn: false, state: AD_DELIVERY.sent, ackMsg: null, ackAt: null });
    const [stored] = await t.app.db.select().from(adDeliveries).where(eq(adDeliveries.id, row!.id));
    await ack(stored!.commandId!, true, 'stored');
    expect((await deliveriesOf())[0]).toMatchObject({ state: AD_DELIVERY.acknowledged, ackMsg: 'stored' });
    expect((await deliveriesOf())[0]!.ackAt).toEqual(expect.any(String));
    await ack(stored!.commandId!, false, 'disk full');
    expect((await deliveriesOf())[0]).toMatchObject({ state: AD_DELIVERY.failed, ackMsg: 'disk full' });
  });

  it('withdrawing: withdrawing until the unit acknowledges, then withdrawn; the filter finds it', async () => {
    const [row] = await deliveriesOf();
    const res = await api('user/advertisement/withdraw', { id: f.adId, deliveryIds: [row!.id] });
    expect(res.code, res.msg).toBe(0);
    expect((await deliveriesOf())[0]).toMatchObject({ withdrawn: true, state: AD_DELIVERY.withdrawing });
    const [stored] = await t.app.db.select().from(adDeliveries).where(eq(adDeliveries.id, row!.id));
    expect(stored!.withdrawCommandId).toEqual(expect.any(Number));
    await ack(stored!.withdrawCommandId!, true);
    expect((await deliveriesOf())[0]).toMatchObject({ state: AD_DELIVERY.withdrawn });
    expect(
      (await list(t.app, 'adDelivery', { filters: { adId: f.adId, withdrawn: true } }, demo)).rows.map((r) => r.id),
    ).toEqual([row!.id]);
    expect((await list(t.app, 'adDelivery', { filters: { adId: f.adId, withdrawn: false } }, demo)).total).toBe(0);
  });

  it('exports the rows; there is no add, update or delete; another company sees nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/adDelivery/export',
      payload: { filters: { adId: f.adId }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain(f.imei);
    const [row] = await deliveriesOf();
    for (const action of ['add', 'update', 'delete'])
      expect((await api(`user/adDelivery/${action}`, { id: row!.id, ids: [row!.id] })).code).toBe(404);
    expect((await api('user/adDelivery/get', { id: row!.id }, other)).code).toBe(404);
    expect(await deliveriesOf(other)).toEqual([]);
    // Re-sending another company's delivery finds nothing to send.
    expect((await api<{ results: unknown[] }>('user/advertisement/resend', { ids: [row!.id] }, other)).data).toEqual({
      results: [],
    });
  });
});
