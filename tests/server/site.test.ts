import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_STATE } from '../../src/shared/codes';
import type { TenantInfo } from '../../src/shared/tenant-info';
import { post, type TestApp } from './helper';
import { demoApp, list, tenantWithAdmin, type Row } from './org-helper';

let t: TestApp;
let demo: string;
let other: string;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
});
afterAll(() => t?.close());

describe('information (notices)', () => {
  it('a new notice is stored for the company and pushed as 9010 to its operators', async () => {
    const sent: { topic: string; payload: unknown }[] = [];
    const publish = t.app.broker.publish.bind(t.app.broker);
    t.app.broker.publish = async (topic, payload, opts) => {
      sent.push({ topic, payload });
      return publish(topic, payload, opts);
    };
    const added = await post<Row>(t.app, '/api/user/notice/add', { title: 'Drill at 3 pm', content: 'Fire drill in block A', level: 2 }, { token: demo });
    expect(added.code).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    const pushes = sent.filter((s) => /^acm\/\d+\/web$/.test(s.topic)).map((s) => JSON.parse(Buffer.from(s.payload as Buffer).toString()));
    expect(pushes.length).toBeGreaterThan(0);
    expect(pushes[0]).toEqual({ code: '9010', title: 'Drill at 3 pm', content: 'Fire drill in block A' });
    t.app.broker.publish = publish;
    expect((await list(t.app, 'notice', { keyword: 'drill' }, demo)).total).toBe(1);
    expect((await list(t.app, 'notice', { keyword: 'drill' }, other)).total).toBe(0);
    expect((await post(t.app, '/api/user/notice/add', { title: '', content: 'x', level: 1 }, { token: demo })).code).toBe(400);
  });
});

describe('website settings', () => {
  it('one row per company: a second add is refused, another company has its own', async () => {
    const body = { siteName: 'Demo Site', logo: '/api/file/x.png', phone: '0755-1234', email: 'a@b.cn', address: 'Shenzhen', theme: 'blue' };
    expect((await post(t.app, '/api/user/website/add', body, { token: demo })).code).toBe(0);
    expect((await post(t.app, '/api/user/website/add', body, { token: demo })).code).not.toBe(0);
    expect((await post(t.app, '/api/user/website/add', { ...body, siteName: 'Other' }, { token: other })).code).toBe(0);
    expect((await post(t.app, '/api/user/website/add', { ...body, theme: 'green' }, { token: other })).code).toBe(400);
    const mine = await list(t.app, 'website', {}, demo);
    expect(mine.rows.map((r) => r.siteName)).toEqual(['Demo Site']);
  });
});

describe('tenantInfo', () => {
  it('answers the caller\'s company with its counts and storage', async () => {
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

describe('soft delete (notices)', () => {
  it('a deleted notice leaves the list, stays for administrators under the status filter and can be restored', async () => {
    const { data } = await post<Row>(t.app, '/api/user/notice/add', { title: 'Old notice', content: 'x', level: 1 }, { token: demo });
    expect((await post(t.app, '/api/user/notice/delete', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'notice', { keyword: 'Old notice' }, demo)).total).toBe(0);
    const bin = await list(t.app, 'notice', { filters: { status: 2 } }, demo);
    expect(bin.rows.map((r) => r.id)).toContain(data.id);
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: other })).code).toBe(404);
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: demo })).code).toBe(0);
    expect((await list(t.app, 'notice', { keyword: 'Old notice' }, demo)).rows[0]).toMatchObject({ id: data.id, status: 1 });
    // Restoring what is not deleted is a move the recycle bin does not have.
    expect((await post(t.app, '/api/user/notice/restore', { ids: [data.id] }, { token: demo })).key).toBe('noSuchTransition');
  });
});
