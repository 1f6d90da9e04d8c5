// The notices and website settings of the site screens are entity folders now, with their tests:
// tests/entities/notice/notice.test.ts, tests/entities/website/website.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../../src/shared/codes';
import type { TenantInfo } from '../../../src/shared/tenant-info';
import { post, type TestApp } from '../helper';
import { demoApp, list, tenantWithAdmin } from '../org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

describe('tenantInfo', () => {
  it("answers the caller's company with its counts and storage", async () => {
    const info = (await post<TenantInfo>(t.app, '/api/user/tenantInfo', {}, { token: demo })).data;
    expect(info.tenant.name).toBe('Demo Site');
    const devices = await list(t.app, 'device', { size: 500 }, demo, 'device');
    expect(info.counts.devices).toBe(devices.total);
    expect(info.counts.onlineDevices).toBe(devices.rows.filter((d) => d.state === DEVICE_STATE.online).length);
    expect(info.storage.quotaBytes).toBeGreaterThan(0);
    const theirs = (await post<TenantInfo>(t.app, '/api/user/tenantInfo', {}, { token: other })).data;
    expect(theirs.tenant.name).toBe('Other Co');
    expect(theirs.counts.devices).toBe(0);
  });
});
