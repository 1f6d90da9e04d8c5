import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, upload } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;
let visitor: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Library Co', 'otherlib')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
}, 60_000);
afterAll(() => t?.close());

const body = { name: '3栋住户', qualityThreshold: 0.6, intraThreshold: 0.55, interThreshold: 0.8, info: '3栋1-2单元' };

describe('face libraries (/faceList)', () => {
  it('adds, lists, updates and deletes a library with its thresholds; deleting it deletes its samples and reviews', async () => {
    const added = await post<{ id: number }>(t.app, '/api/user/faceLibrary/add', body, { token: demo });
    expect(added.code).toBe(0);
    expect((await list(t.app, 'faceLibrary', { keyword: '3栋住户' }, demo)).rows[0]).toMatchObject({
      ...body,
      sampleCount: 0,
    });
    expect(
      (
        await post(
          t.app,
          '/api/user/faceLibrary/update',
          { id: added.data.id, interThreshold: 0.85, qualityThreshold: 0.7 },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect((await list(t.app, 'faceLibrary', { keyword: '3栋住户' }, demo)).rows[0]).toMatchObject({
      interThreshold: 0.85,
      qualityThreshold: 0.7,
      intraThreshold: 0.55,
    });

    const picture = (
      await upload(
        t.app,
        '/api/user/face/uploadFaceImg',
        readFileSync(new URL('../../fixtures/faces/cameraman.jpg', import.meta.url)),
        demo,
        'c.jpg',
      )
    ).data;
    expect(
      (
        await post(
          t.app,
          '/api/user/faceSample/add',
          { libraryId: added.data.id, labels: 'Cameraman', picture },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await post(
          t.app,
          '/api/user/faceReview/add',
          { libraryId: added.data.id, residentName: '韩梅梅', picture },
          { token: demo },
        )
      ).code,
    ).toBe(0);
    expect((await list(t.app, 'faceLibrary', { keyword: '3栋住户' }, demo)).rows[0]).toMatchObject({ sampleCount: 1 });

    expect((await post(t.app, '/api/user/faceLibrary/delete', { ids: [added.data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'faceSample', { filters: { libraryId: added.data.id } }, demo)).total).toBe(0);
    expect((await list(t.app, 'faceReview', { keyword: '韩梅梅' }, demo)).total).toBe(0);
  });

  it('thresholds lie between 0 and 1 with at most two decimals', async () => {
    for (const bad of [
      { qualityThreshold: 1.01 },
      { intraThreshold: -0.5 },
      { interThreshold: 0.755 },
      { interThreshold: 'high' },
    ]) {
      const res = await post(t.app, '/api/user/faceLibrary/add', { ...body, ...bad }, { token: demo });
      expect(res.code, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (
        await post(
          t.app,
          '/api/user/faceLibrary/add',
          { ...body, name: 'Edges', qualityThreshold: 0, intraThreshold: 1, interThreshold: 1 },
          { token: demo },
        )
      ).code,
    ).toBe(0);
  });

  it('another company neither sees nor changes it; the visitor reads but does not write', async () => {
    const added = await post<{ id: number }>(
      t.app,
      '/api/user/faceLibrary/add',
      { ...body, name: 'Private lib' },
      { token: demo },
    );
    expect((await list(t.app, 'faceLibrary', { keyword: 'Private lib' }, other)).total).toBe(0);
    expect(
      (await post(t.app, '/api/user/faceLibrary/update', { id: added.data.id, name: 'Stolen' }, { token: other })).code,
    ).toBe(404);
    expect((await post(t.app, '/api/user/faceLibrary/delete', { ids: [added.data.id] }, { token: other })).code).toBe(
      404,
    );
    expect(
      (await post(t.app, '/api/user/faceLibrary/add', { ...body, name: 'Visitor lib' }, { token: visitor })).code,
    ).not.toBe(0);
    expect((await list(t.app, 'faceLibrary', { keyword: 'Private lib' }, demo)).rows[0]).toMatchObject({
      name: 'Private lib',
    });
  });
});
