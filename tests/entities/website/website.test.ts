import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../src/server/db/schema';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin } from '../../server/org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

describe('website settings', () => {
  it('one row per company: a second add is refused, another company has its own', async () => {
    const body = {
      siteName: 'Demo Site',
      logo: '/api/file/x.png',
      phone: '0755-1234',
      email: 'a@b.cn',
      address: 'Shenzhen',
      theme: 'blue',
    };
    expect((await post(t.app, '/api/user/website/add', body, { token: demo })).code).toBe(0);
    expect((await post(t.app, '/api/user/website/add', body, { token: demo })).code).not.toBe(0);
    expect((await post(t.app, '/api/user/website/add', { ...body, siteName: 'Other' }, { token: other })).code).toBe(0);
    expect((await post(t.app, '/api/user/website/add', { ...body, theme: 'green' }, { token: other })).code).toBe(400);
    const mine = await list(t.app, 'website', {}, demo);
    expect(mine.rows.map((r) => r.siteName)).toEqual(['Demo Site']);
  });

  it('offers no import (its actions), so it has neither the route nor the button', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/website/import', headers: { authorization: demo } }))
        .statusCode,
    ).toBe(404);
    const buttons = await t.app.db
      .select({ mark: resources.mark })
      .from(resources)
      .where(like(resources.mark, 'website:%'));
    expect(buttons.map((r) => r.mark).sort()).toEqual([
      'website:add',
      'website:delete',
      'website:export',
      'website:update',
    ]);
  });
});
