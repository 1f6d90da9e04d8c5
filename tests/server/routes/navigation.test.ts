import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NavEntry } from '../../../src/shared/session';
import { SCENARIOS, SPEC_ROUTES, routePath } from '../../../src/shared/routes';
import { addRole, addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const demo = await tenantId(t.app, 'Demo Site');
  const two = await addRole(t.app, demo, 'Two menus', ['DeviceList', 'alarmList', 'device:add']);
  await addUser(t.app, { tenant: demo, username: 'two', password: 'two123', roleIds: [two] });
  await addUser(t.app, { tenant: demo, username: 'bare', password: 'bare123' });
});
afterAll(() => t?.close());

const NAV = '/api/user/per/getNavigationBar';

async function navOf(username: string, password: string): Promise<NavEntry[]> {
  const { token } = await login(t.app, username, password);
  const res = await post<NavEntry[]>(t.app, NAV, { language: 'CN' }, { token });
  expect(res.code).toBe(0);
  return res.data;
}

const flatten = (list: NavEntry[]): NavEntry[] => list.flatMap((e) => [e, ...flatten(e.list)]);

describe('navigation bar', () => {
  it('gives the demo administrator every spec route, grouped by scenario, without buttons', async () => {
    const nav = await navOf('demo', 'demo123');
    expect(nav.map((d) => d.value)).toEqual([...SCENARIOS].sort((a, b) => a.sort - b.sort).map((s) => s.key));
    expect(nav.every((d) => d.pid === 0 && d.type === 0)).toBe(true);
    const menus = flatten(nav).filter((e) => e.type === 1);
    expect(menus.map((m) => m.value).sort()).toEqual(SPEC_ROUTES.map((r) => r.value).sort());
    expect(flatten(nav).some((e) => e.type === 2)).toBe(false);
    const device = menus.find((m) => m.value === 'DeviceList')!;
    expect(device).toMatchObject({
      uri: 'DeviceList',
      name: '设备列表',
      enName: 'Device list',
      icon: 'device',
      list: [],
    });
    expect(menus.find((m) => m.value === 'alarmList')!.uri).toBe('map/alarmList');
    for (const r of SPEC_ROUTES) expect(menus.find((m) => m.value === r.value)!.uri).toBe(routePath(r).slice(1));
  });

  it('sorts children by sort then id', async () => {
    const nav = await navOf('demo', 'demo123');
    for (const dir of nav) {
      const sorts = dir.list.map((m) => [m.sort, m.id] as const);
      const sorted = [...sorts].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(sorts).toEqual(sorted);
    }
  });

  it('gives a user whose role has two menus exactly those, under their directories', async () => {
    const nav = await navOf('two', 'two123');
    expect(nav.map((d) => d.value)).toEqual(['device', 'alarm']);
    expect(nav[0]!.list.map((m) => m.value)).toEqual(['DeviceList']);
    expect(nav[1]!.list.map((m) => m.value)).toEqual(['alarmList']);
    expect(nav[0]!.list[0]!.pid).toBe(nav[0]!.id);
  });

  it('gives the visitor every menu but organisation management', async () => {
    const res = await post<{ id: number }>(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' });
    const nav = await post<NavEntry[]>(t.app, NAV, { language: 'CN' }, { token: String(res.headers.authorization) });
    const values = flatten(nav.data).map((e) => e.value);
    expect(values).not.toContain('org');
    expect(values).not.toContain('userList');
    expect(values).toContain('DeviceList');
    expect(values).toContain('index');
  });

  it('gives the super administrator every menu', async () => {
    const nav = await navOf('admin', 'admin123');
    expect(flatten(nav).filter((e) => e.type === 1)).toHaveLength(SPEC_ROUTES.length);
  });

  it('answers an empty list with code 0 for a user without roles', async () => {
    expect(await navOf('bare', 'bare123')).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await post(t.app, NAV, { language: 'CN' })).code).toBe(208);
  });
});
