import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FLOOR } from '../../../src/server/db/demo-files';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let drawingId: number;
let mapId: number;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  drawingId = (await list(t.app, 'drawing', { filters: { kind: 'uwb' } }, demo, 'device')).rows[0]!.id;
  mapId = (await list(t.app, 'indoorMap', {}, demo, 'device')).rows[0]!.id;
});
afterAll(() => t?.close());

const call = <T = Row>(name: string, action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/${name}/${action}`, body, { token });

describe('demo floor', () => {
  it('seeds the 60 x 40 m hall, a UWB and a normal drawing and five anchors', async () => {
    const maps = await list(t.app, 'indoorMap', {}, demo, 'device');
    expect(maps.rows).toHaveLength(1);
    expect(maps.rows[0]).toMatchObject({
      width: 60,
      height: 40,
      floor: '1F',
      picture: DEMO_FLOOR.picture,
      tenantId: demoTenant,
    });
    expect((await list(t.app, 'drawing', {}, demo, 'device')).total).toBe(2);
    const stations = await list(t.app, 'uwbBaseStation', { filters: { drawingId }, size: 50 }, demo, 'device');
    expect(stations.total).toBe(5);
    expect(stations.rows.every((s) => (s.x as number) <= 60 && (s.y as number) <= 40)).toBe(true);
    expect(stations.rows.map((s) => s.status).sort()).toEqual([0, 2, 2, 2, 2]);
  });
});

describe('base station placement', () => {
  it('keeps a floor at least as large as its stations', async () => {
    expect(await call('indoorMap', 'update', { id: mapId, width: 50 })).toMatchObject({ code: 400, key: 'tooSmall' });
    expect(await call('indoorMap', 'add', { title: 'Tiny', width: 0.5, height: 3 })).toMatchObject({
      code: 400,
      key: 'tooSmall',
    });
    expect((await call('indoorMap', 'update', { id: mapId, width: 80, title: 'Hall' })).data).toMatchObject({
      width: 80,
      title: 'Hall',
    });
    expect((await call('indoorMap', 'update', { id: mapId, width: 60 })).code).toBe(0);
  });
});
