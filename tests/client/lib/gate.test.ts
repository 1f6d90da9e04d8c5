import { describe, expect, it } from 'vitest';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { NoPermissionError, checkRoute, requireRoute, routeNameOf } from '../../../src/client/lib/gate';
import { saveLogin, saveMenu } from '../../../src/client/lib/session';
import { demoUser, menu } from '../fixtures';

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

function loggedIn(...names: string[]) {
  saveLogin('tok', demoUser);
  saveMenu(names.map((name) => menu(name)));
}

describe('checkRoute (docs/requirements/screens-and-routes.md#access-gating)', () => {
  it('without a token every console route goes to login', () => {
    expect(checkRoute('DeviceList', 'admin')).toEqual({ status: 'login' });
    expect(checkRoute('userList', 'admin')).toEqual({ status: 'login' });
  });

  it('a route outside the menu is forbidden, inside the menu or always-allowed it is ok', () => {
    loggedIn('userList');
    expect(checkRoute('userList', 'admin')).toMatchObject({ status: 'ok', route: { value: 'userList' } });
    expect(checkRoute('roleList', 'admin')).toMatchObject({ status: 'forbidden' });
    expect(checkRoute('DeviceList', 'admin')).toMatchObject({ status: 'ok' });
    expect(checkRoute('location', 'map')).toMatchObject({ status: 'ok' });
  });

  it('unknown names are not found and names of the other layout are moved', () => {
    loggedIn('alarmList');
    expect(checkRoute('nope', 'admin')).toEqual({ status: 'notFound' });
    expect(checkRoute('alarmList', 'admin')).toMatchObject({ status: 'moved', route: { layout: 'map' } });
  });
});

describe('requireRoute (beforeLoad guard)', () => {
  it('redirects to /login without a token', () => {
    const error = thrown(() => requireRoute('DeviceList'));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to?: string } }).options.to).toBe('/login');
  });

  it('throws NoPermissionError for a route the menu does not grant', () => {
    loggedIn('userList');
    const error = thrown(() => requireRoute('roleList'));
    expect(error).toBeInstanceOf(NoPermissionError);
    expect((error as NoPermissionError).route).toBe('roleList');
  });

  it('throws notFound for a name outside the registry', () => {
    loggedIn('userList');
    expect(isNotFound(thrown(() => requireRoute('doesNotExist')))).toBe(true);
  });

  it('redirects a map screen opened under the admin layout to /map/<name>', () => {
    loggedIn('alarmList');
    const error = thrown(() => requireRoute('alarmList', 'admin'));
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href?: string } }).options.href).toBe('/map/alarmList');
  });

  it('keeps the query when it moves a screen: /regulatoryUser?id=3 opens that person under /map', () => {
    loggedIn('regulatoryUser');
    const error = thrown(() => requireRoute('regulatoryUser', 'admin', '?id=3'));
    expect((error as { options: { href?: string } }).options.href).toBe('/map/regulatoryUser?id=3');
  });

  it('returns its SpecRoute entry when allowed', () => {
    loggedIn('userList');
    expect(requireRoute('userList').specRoute).toMatchObject({ value: 'userList', layout: 'admin' });
  });
});

describe('routeNameOf', () => {
  it('reads the route name of admin, map and parameter paths', () => {
    expect(routeNameOf('/DeviceList')).toBe('DeviceList');
    expect(routeNameOf('/map/alarmList')).toBe('alarmList');
    expect(routeNameOf('/unitManagement/8600')).toBe('unitManagement');
    expect(routeNameOf('/')).toBeUndefined();
  });
});
