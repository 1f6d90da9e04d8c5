/**
 * SIM card packages (/Package, /packageList): the generic list (filters, sort), add with its
 * validation, update and delete, and tenant isolation (each company prices its own); a disabled
 * package, or another company's, cannot be bought for a card (src/entities/bill/purchase.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { DEMO_PACKAGES } from '../../../src/entities/sim-card';

let t: TestApp;
let demo: string;
let other: string;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/iot/package/${action}`, body, { token });
const pkg = (over: object = {}) => ({
  name: 'Tracker 50MB',
  code: 'TRK-50M',
  price: 3.5,
  type: 0,
  validityDays: 30,
  dataMb: 50,
  status: 1,
  ...over,
});
const added = async (over: object = {}, token = demo) => {
  const res = await api('add', pkg(over), token);
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const rows = async (filters: object, sort = [{ field: 'price', order: 'asc' }], token = demo) =>
  (await list(t.app, 'package', { filters, sort, size: 100 }, token, 'iot')).rows;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'packageother')).token;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('SIM packages', () => {
  it('the demo company starts with its packages; another company has none', async () => {
    const seeded = await list(t.app, 'package', { size: 100 }, demo, 'iot');
    expect(seeded.rows.map((r) => r.name)).toEqual(expect.arrayContaining(DEMO_PACKAGES.map((p) => p.name)));
    expect((await list(t.app, 'package', {}, other, 'iot')).total).toBe(0);
  });

  it('stores a package with its defaults; lists by name, type and price, data and validity ranges', async () => {
    const a = await added();
    expect(a).toMatchObject({ price: 3.5, multiplier: 1, smsCount: 0, voiceMinutes: 0, cardType: 0, language: 0 });
    await added({ name: 'Tracker 500MB', code: 'TRK-500M', price: 12, dataMb: 500, validityDays: 90 });
    await added({ name: 'Tracker top-up', code: 'TRK-TOP', price: 8.8, type: 2, dataMb: 200, validityDays: 7 });
    expect((await rows({ name: 'tracker' })).map((r) => r.price)).toEqual([3.5, 8.8, 12]);
    expect((await rows({ name: 'tracker' }, [{ field: 'dataMb', order: 'desc' }])).map((r) => r.dataMb)).toEqual([
      500, 200, 50,
    ]);
    expect((await rows({ name: 'tracker', type: 2 })).map((r) => r.code)).toEqual(['TRK-TOP']);
    expect((await rows({ name: 'tracker', price: [5, 10] })).map((r) => r.code)).toEqual(['TRK-TOP']);
    expect((await rows({ name: 'tracker', dataMb: [100, null], validityDays: [30, 365] })).map((r) => r.code)).toEqual([
      'TRK-500M',
    ]);
    expect((await list(t.app, 'package', { keyword: 'TRK-500' }, demo, 'iot')).total).toBe(1);
  });

  it.each([
    ['no name', { name: '' }, 'required'],
    ['a name over 60 characters', { name: 'x'.repeat(61) }, 'tooLong'],
    ['three decimals in the price', { price: 1.005 }, 'decimalInvalid'],
    ['a negative price', { price: -1 }, 'tooSmall'],
    ['no validity', { validityDays: undefined }, 'required'],
    ['a validity of 0 days', { validityDays: 0 }, 'tooSmall'],
    ['an unknown type', { type: 5 }, 'mustChooseOne'],
    ['a multiplier of 0', { multiplier: 0 }, 'tooSmall'],
    ['an unknown card type', { cardType: 9 }, 'mustChooseOne'],
    ['no status', { status: undefined }, 'required'],
  ])('refuses %s with its key', async (_what, over, key) => {
    const res = await api('add', pkg(over));
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('updates and deletes a package', async () => {
    const p = await added({ name: 'Short lived', code: 'SHORT' });
    expect((await api('update', { id: p.id, price: 4, note: 'cheaper' })).code).toBe(0);
    expect((await api<Row>('get', { id: p.id })).data).toMatchObject({
      price: 4,
      note: 'cheaper',
      name: 'Short lived',
    });
    expect(await api('update', { id: p.id, dataMb: -5 })).toMatchObject({ code: 400, key: 'tooSmall' });
    expect((await api('delete', { ids: [p.id] })).code).toBe(0);
    expect((await api('get', { id: p.id })).code).toBe(404);
  });

  it('a disabled package, or another company’s, is not bought for a card', async () => {
    const card = (await list(t.app, 'simCard', { size: 1 }, demo, 'iot')).rows[0]!;
    const off = await added({ name: 'Withdrawn offer', code: 'OFF', status: 0 });
    const buy = (packageId: number) =>
      post(t.app, '/api/iot/bill/buy', { iccid: card.iccid, packageId, method: 'sandbox' }, { token: demo });
    expect(await buy(off.id)).toMatchObject({ code: 400, key: 'packageDisabled' });
    const theirs = await added({ name: 'Their offer', code: 'THEIRS' }, other);
    expect((await buy(theirs.id)).code).toBe(404);
  });

  it('another company neither sees, changes nor deletes a package', async () => {
    const p = await added({ name: 'Private price', code: 'PRIV' });
    expect((await rows({ name: 'Private price' }, undefined, other)).length).toBe(0);
    expect((await api('get', { id: p.id }, other)).code).toBe(404);
    expect((await api('update', { id: p.id, price: 0 }, other)).code).toBe(404);
    expect((await api('delete', { ids: [p.id] }, other)).code).toBe(404);
    expect((await api<Row>('get', { id: p.id })).data.price).toBe(3.5);
  });
});
