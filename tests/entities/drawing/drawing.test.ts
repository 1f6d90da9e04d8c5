import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;
let mapId: number;

beforeAll(async () => {
  ({ t, demo, demoTenant } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  mapId = (await list(t.app, 'indoorMap', {}, demo, 'device')).rows[0]!.id;
});
afterAll(() => t?.close());

const call = <T = Row>(action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/device/drawing/${action}`, body, { token });

describe('drawings (/drawingList)', () => {
  it('filters by kind, building and project; another tenant sees none of them', async () => {
    const uwb = await list(t.app, 'drawing', { filters: { kind: 'uwb' } }, demo, 'device');
    expect(uwb.rows).toMatchObject([{ kind: 'uwb', indoorMapId: mapId, tenantId: demoTenant }]);
    const added = await call('add', { project: 'North gate', building: 'B2', unit: 'U1', kind: 'normal' });
    expect(added.code, added.msg).toBe(0);
    expect((await list(t.app, 'drawing', { filters: { building: 'B2' } }, demo, 'device')).rows).toMatchObject([
      { id: added.data.id, project: 'North gate' },
    ]);
    expect((await list(t.app, 'drawing', { filters: { project: 'north' } }, demo, 'device')).total).toBe(1);
    expect((await list(t.app, 'drawing', {}, other, 'device')).total).toBe(0);
    expect((await call('get', { id: added.data.id }, other)).code).toBe(404);
  });

  it('requires a project and a known kind', async () => {
    expect(await call('add', { kind: 'uwb' })).toMatchObject({ code: 400, key: 'required' });
    expect(await call('add', { project: 'No kind' })).toMatchObject({ code: 400, key: 'required' });
    expect(await call('add', { project: 'Blueprint', kind: 'cad' })).toMatchObject({
      code: 400,
      key: 'mustChooseOne',
    });
    expect(await call('add', { project: 'x'.repeat(65), kind: 'normal' })).toMatchObject({
      code: 400,
      key: 'tooLong',
    });
  });

  it('lies over a floor of its own tenant only; an update keeps the rest', async () => {
    const added = await call('add', { project: 'Hall overlay', customer: 'Acme', kind: 'uwb' });
    expect(added.code, added.msg).toBe(0);
    expect(await call('update', { id: added.data.id, indoorMapId: 999999 })).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    const theirs = await call('add', { project: 'Theirs', kind: 'normal' }, other);
    expect(theirs.code, theirs.msg).toBe(0);
    expect(await call('update', { id: theirs.data.id, indoorMapId: mapId }, other)).toMatchObject({
      code: 400,
      key: 'refInvalid',
    });
    const updated = await call('update', { id: added.data.id, indoorMapId: mapId });
    expect(updated.data).toMatchObject({ project: 'Hall overlay', customer: 'Acme', indoorMapId: mapId });
  });
});
