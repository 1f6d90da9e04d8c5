import { describe, expect, it, vi } from 'vitest';
import { ALWAYS_ALLOWED } from '../../../src/shared/routes';
import {
  SESSION_KEYS,
  allowedRoutes,
  clear,
  entryPath,
  getChildren,
  getPermissionList,
  getSession,
  hasMark,
  isAllowed,
  landingPath,
  saveLogin,
  saveMenu,
  subscribe,
} from '../../../src/client/lib/session';
import { demoUser, dir, menu, sampleTree } from '../fixtures';

describe('session store', () => {
  it('keeps the login under the storage keys token and usinfo', () => {
    saveLogin('tok', demoUser);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('usinfo')!)).toEqual(demoUser);
    expect(getSession()).toMatchObject({ token: 'tok', user: demoUser, menu: null });
  });

  it('stores the tree as menu, every entry as permissionList and the menu names as children', () => {
    saveMenu(sampleTree());
    expect(JSON.parse(localStorage.getItem('menu')!)).toHaveLength(3);
    expect(getPermissionList().map((e) => e.value)).toEqual([
      'dashboard',
      'index',
      'index1',
      'device',
      'productList',
      'org',
      'userList',
      'user:add',
      'alarmList',
    ]);
    expect(getPermissionList().every((e) => e.list.length === 0)).toBe(true);
    // Directories and buttons are not routes.
    expect(getChildren()).toEqual(['index', 'index1', 'productList', 'userList', 'alarmList']);
  });

  it('a new login drops the previous menu', () => {
    saveLogin('a', demoUser);
    saveMenu(sampleTree());
    saveLogin('b', demoUser);
    expect(getSession().menu).toBeNull();
    expect(getChildren()).toEqual([]);
  });

  it('allowedRoutes is the menu plus the always-allowed list', () => {
    saveMenu([menu('userList')]);
    const allowed = allowedRoutes();
    expect(allowed.has('userList')).toBe(true);
    for (const name of ALWAYS_ALLOWED) expect(allowed.has(name)).toBe(true);
    expect(allowed.has('roleList')).toBe(false);
    expect(isAllowed('AlarmHistory')).toBe(true);
    expect(isAllowed('tenantList')).toBe(false);
  });

  it('landingPath is the first menu leaf, depth-first, as / + uri', () => {
    saveMenu(sampleTree());
    expect(landingPath()).toBe('/index');
    // A phone opens on the alarm log, which every user may open.
    expect(landingPath(true)).toBe('/AlarmHistory');
    saveMenu([dir('empty', []), dir('site', [dir('inner', [menu('alarmList', 'map/alarmList')])]), menu('userList')]);
    expect(landingPath()).toBe('/map/alarmList');
  });

  it('landingPath without any menu falls back to the first always-allowed screen', () => {
    saveMenu([]);
    expect(landingPath()).toBe(`/${ALWAYS_ALLOWED[0]}`);
  });

  it('entryPath tolerates a leading slash in the uri', () => {
    expect(entryPath({ uri: '/map/track', value: 'track' })).toBe('/map/track');
    expect(entryPath({ uri: '', value: 'DeviceList' })).toBe('/DeviceList');
  });

  it('clear removes every session key but leaves the language', () => {
    localStorage.setItem('lang', 'ar');
    saveLogin('tok', demoUser);
    saveMenu(sampleTree());
    clear();
    for (const key of Object.values(SESSION_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('lang')).toBe('ar');
    expect(getSession().token).toBeNull();
  });

  it('notifies subscribers so the UI reacts to logout', () => {
    const listener = vi.fn();
    const stop = subscribe(listener);
    saveLogin('tok', demoUser);
    clear();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    saveLogin('tok', demoUser);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hasMark reads usinfo.marks, with * granting all', () => {
    saveLogin('tok', demoUser);
    expect(hasMark('device:add')).toBe(true);
    expect(hasMark('device:delete')).toBe(false);
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    expect(hasMark('device:delete')).toBe(true);
  });
});
