import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UWB_STATUS } from '../../../src/entities/uwb-base-station';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, parseCsv, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: { tenant: number; token: string };
let drawingId: number;
let mapId: number;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = await tenantWithAdmin(t.app, 'Other Co', 'otheradmin');
  drawingId = (await list(t.app, 'drawing', { filters: { kind: 'uwb' } }, demo, 'device')).rows[0]!.id;
  mapId = (await list(t.app, 'indoorMap', {}, demo, 'device')).rows[0]!.id;
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('base station placement', () => {
  it('takes x/y within its floor and refuses a point outside it', async () => {
    const ok = await call('uwbBaseStation', 'add', {
      name: 'Gate',
      drawingId,
      x: 60,
      y: 12.5,
      z: 2.75,
      status: UWB_STATUS.normal,
    });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ x: 60, y: 12.5, z: 2.75, status: 2, tenantId: demoTenant });
    const outside = await call('uwbBaseStation', 'add', { name: 'Far', drawingId, x: 60.5, y: 1, status: 0 });
    expect(outside).toMatchObject({ code: 400, key: 'tooLarge' });
    expect(outside.msg).toContain('x');
    expect(await call('uwbBaseStation', 'add', { name: 'Neg', drawingId, x: -1, y: 1, status: 0 })).toMatchObject({
      code: 400,
    });
    // A partial update is checked against the stored drawing.
    expect(await call('uwbBaseStation', 'update', { id: ok.data.id, y: 41 })).toMatchObject({
      code: 400,
      key: 'tooLarge',
    });
    const moved = await call('uwbBaseStation', 'update', { id: ok.data.id, x: 12.34, y: 39.99 });
    expect(moved.data).toMatchObject({ x: 12.34, y: 39.99, drawingId });
    // Centimetres are the finest step (docs/requirements/validation.md#form-helpers: two decimals).
    expect(await call('uwbBaseStation', 'update', { id: ok.data.id, x: 1.234 })).toMatchObject({
      code: 400,
      key: 'decimalInvalid',
    });
  });

  it('accepts the three status codes only', async () => {
    for (const status of [0, 1, 2])
      expect(
        (await call('uwbBaseStation', 'add', { name: `S${status}`, indoorMapId: mapId, x: 1, y: 1, status })).code,
      ).toBe(0);
    expect(
      await call('uwbBaseStation', 'add', { name: 'S3', indoorMapId: mapId, x: 1, y: 1, status: 3 }),
    ).toMatchObject({ code: 400, key: 'mustChooseOne' });
    expect(await call('uwbBaseStation', 'add', { indoorMapId: mapId, x: 1, y: 1, status: 0 })).toMatchObject({
      code: 400,
      key: 'required',
    });
  });

  it("refuses another tenant's drawing or map, and never shows it", async () => {
    expect(
      await call('uwbBaseStation', 'add', { name: 'Spy', drawingId, x: 1, y: 1, status: 0 }, other.token),
    ).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(
      await call('uwbBaseStation', 'add', { name: 'Spy', indoorMapId: mapId, x: 1, y: 1, status: 0 }, other.token),
    ).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(
      await call('drawing', 'add', { project: 'Spy', kind: 'uwb', indoorMapId: mapId }, other.token),
    ).toMatchObject({ code: 400, key: 'refInvalid' });
    expect((await list(t.app, 'uwbBaseStation', { filters: { drawingId } }, other.token, 'device')).total).toBe(0);
    expect((await call('indoorMap', 'get', { id: mapId }, other.token)).code).toBe(404);
  });

  it('exports stations with their status words', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/uwbBaseStation/export',
      payload: { format: 'csv', filters: { drawingId } },
      headers: { authorization: demo },
    });
    const [header, ...rows] = parseCsv(res.body);
    const status = header!.indexOf('状态');
    expect(new Set(rows.map((r) => r[status]))).toEqual(new Set(['正常', '默认']));
  });
});
