import { type UserInfo } from '../../src/shared/auth';
import { RESOURCE_TYPE, type NavEntry } from '../../src/shared/session';

export const demoUser: UserInfo = {
  id: 7,
  username: 'demo',
  name: '演示管理员',
  nickname: null,
  phone: '13800000000',
  email: null,
  kind: 'admin',
  tenantId: 1,
  tenantName: 'Demo Site',
  departmentId: null,
  roles: [{ id: 1, name: '管理员' }],
  marks: ['device:add'],
  timeZone: 'Asia/Shanghai',
};

let nextId = 100;

export function menu(value: string, uri = value, extra: Partial<NavEntry> = {}): NavEntry {
  return {
    id: nextId++,
    pid: 0,
    name: value,
    enName: null,
    value,
    icon: null,
    uri,
    type: RESOURCE_TYPE.menu,
    sort: 0,
    list: [],
    ...extra,
  };
}

export function dir(value: string, list: NavEntry[], extra: Partial<NavEntry> = {}): NavEntry {
  return { ...menu(value, '', extra), type: RESOURCE_TYPE.directory, icon: extra.icon ?? value, list };
}

export function button(value: string): NavEntry {
  return { ...menu(value, ''), type: RESOURCE_TYPE.button };
}

/** A small tree: dashboards directory first, then devices with a nested directory, then a map entry. */
export function sampleTree(): NavEntry[] {
  return [
    dir('dashboard', [menu('index'), menu('index1')]),
    dir('device', [
      menu('productList', 'productList', { icon: 'device' }),
      dir('org', [menu('userList'), button('user:add')]),
    ]),
    menu('alarmList', 'map/alarmList', { icon: 'alarm' }),
  ];
}

/** Envelope response as the service answers it. */
export function envelope(
  body: Record<string, unknown>,
  init: ResponseInit & { headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    statusText: init.statusText,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}
