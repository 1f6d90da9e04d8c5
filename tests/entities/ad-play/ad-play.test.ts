/**
 * Ad plays (/advertisingdistribution): the door units' `adPlay` reports as a read-only list (by
 * ad, unit, time and length, sorted, exported), stored once per unit, ad and start and only for an
 * ad the unit was given; tenant isolation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../src/shared/topics';
import { post, type TestApp } from '../../server/helper';
import { adFixture } from '../../server/ad-fixture';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let f: { adId: number; deviceId: number; tenantId: number; imei: string };

const api = <T = Row>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
const play = (m: object) =>
  t.app.ingest.handle(
    topics.deviceUp(f.imei),
    Buffer.from(JSON.stringify({ kind: 'adPlay', adId: f.adId, ...m })),
    null,
  );
const playsOf = async (n: number) => {
  const end = Date.now() + 5000;
  for (;;) {
    const r = await list(t.app, 'adPlay', { filters: { adId: f.adId } }, demo);
    if (r.total >= n) return r;
    if (Date.now() > end) throw new Error(`timed out with ${r.total} plays`);
    await new Promise((res) => setTimeout(res, 25));
  }
};
const at = (s: string) => Date.parse(s);

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'playother')).token;
  f = await adFixture(t.app, demo);
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('ad plays', () => {
  it('the demo site starts with plays, newest first; another company has none', async () => {
    const seeded = await list(t.app, 'adPlay', { size: 50 }, demo);
    expect(seeded.total).toBeGreaterThan(0);
    const times = seeded.rows.map((r) => Date.parse(String(r.startedAt)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await list(t.app, 'adPlay', {}, other)).total).toBe(0);
  });

  it("a unit's play reports are stored once per start, only for an ad it was given", async () => {
    play({ startedAt: at('2026-02-01T10:00:00Z'), seconds: 8 });
    play({ startedAt: at('2026-02-01T10:00:00Z'), seconds: 8 }); // the same play again
    play({ startedAt: at('2026-02-01T11:00:00Z'), seconds: 15 });
    play({ startedAt: at('2026-02-02T09:00:00Z'), seconds: 4 });
    play({ adId: f.adId + 100_000, startedAt: at('2026-02-01T12:00:00Z'), seconds: 8 }); // never given
    const plays = await playsOf(3);
    // Give a stray fourth row the time to land before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect((await list(t.app, 'adPlay', { filters: { adId: f.adId } }, demo)).total).toBe(3);
    expect(plays.rows.map((r) => [r.imei, r.seconds])).toEqual([
      [f.imei, 4],
      [f.imei, 15],
      [f.imei, 8],
    ]);
    expect((await list(t.app, 'adPlay', { filters: { imei: f.imei } }, demo)).total).toBe(3);
  });

  it('filters by time and length ranges and sorts by length', async () => {
    const day = await list(
      t.app,
      'adPlay',
      { filters: { adId: f.adId, startedAt: ['2026-02-01 00:00:00', '2026-02-01 23:59:59'] } },
      demo,
    );
    expect(day.rows.map((r) => r.seconds).sort()).toEqual([15, 8].sort());
    const long = await list(t.app, 'adPlay', { filters: { adId: f.adId, seconds: [5, null] } }, demo);
    expect(long.rows.map((r) => r.seconds).sort()).toEqual([15, 8].sort());
    const bySeconds = await list(
      t.app,
      'adPlay',
      { filters: { adId: f.adId }, sort: [{ field: 'seconds', order: 'asc' }] },
      demo,
    );
    expect(bySeconds.rows.map((r) => r.seconds)).toEqual([4, 8, 15]);
    expect(await api('user/adPlay/list', { filters: { seconds: 5 } })).toMatchObject({ code: 400 });
  });

  it('exports the rows; nobody adds, changes or deletes a play; another company sees none of them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/adPlay/export',
      payload: { filters: { adId: f.adId }, format: 'csv' },
      headers: { authorization: demo },
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).length).toBe(1 + 3);
    const [row] = (await list(t.app, 'adPlay', { filters: { adId: f.adId } }, demo)).rows;
    for (const action of ['add', 'update', 'delete'])
      expect((await api(`user/adPlay/${action}`, { id: row!.id, ids: [row!.id] })).code).toBe(404);
    expect((await api('user/adPlay/get', { id: row!.id }, other)).code).toBe(404);
    expect((await list(t.app, 'adPlay', { filters: { adId: f.adId } }, other)).total).toBe(0);
  });
});
