import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { hiddenColumns, toggled } from '../../../src/client/components/DataTable';
import { ListRouteContext } from '../../../src/client/features/resources/listRoute';
import { ResourceScreen } from '../../../src/client/features/resources/ResourceScreen';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import type { ResourceDef } from '../../../src/shared/resources';
import userResource from '../../../src/entities/user/resource';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const row = {
  id: 11,
  username: 'alice',
  name: 'Alice',
  nickname: 'Al',
  phone: '13800000000',
  email: 'a@example.com',
  gender: 2,
  kind: 'user',
  status: 1,
  tenantId: 1,
  createdAt: 1_700_000_000,
};

function mockService() {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/user/user/list') return envelope({ code: 0, msg: 'ok', data: { rows: [row], total: 1 } });
    if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
    return envelope({ code: 0, msg: 'ok', data: null });
  });
  configureRequest({ fetch: fetch as unknown as typeof globalThis.fetch, notify: () => undefined });
}

/** The user list with 昵称 hidden by default everywhere and 邮箱 on the route 'userList2' only. */
const def: ResourceDef = {
  ...userResource,
  fields: userResource.fields.map((f) =>
    f.name === 'nickname' && f.list
      ? { ...f, list: { ...f.list, hidden: true } }
      : f.name === 'email' && f.list
        ? { ...f, list: { ...f.list, hidden: ['userList2'] } }
        : f,
  ),
};

const headers = () =>
  within(screen.getByTestId('data-table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean);

function show(route?: string) {
  const screenEl = <ResourceScreen def={def} search={{}} onSearchChange={() => undefined} />;
  return renderWithProviders(
    route ? <ListRouteContext.Provider value={route}>{screenEl}</ListRouteContext.Provider> : screenEl,
  );
}

const toggle = (name: string) => screen.getByTestId(`column-toggle-${name}`) as HTMLInputElement;
const openSettings = () => fireEvent.click(screen.getByTestId('column-settings'));

describe('column settings of the generic list', () => {
  beforeEach(() => {
    mockService();
    saveLogin('tok', { ...demoUser, marks: ['*'] });
  });
  afterEach(() => resetRequestDeps());

  it('starts without the columns the definition hides, and lists them unticked in the settings', async () => {
    show('userList');
    await screen.findByText('alice');
    expect(headers()).not.toContain('昵称');
    expect(headers()).toContain('邮箱');
    openSettings();
    expect(toggle('nickname').checked).toBe(false);
    expect(toggle('email').checked).toBe(true);
    expect(toggle('username').checked).toBe(true);
    // The action column is not offered: it always stays.
    expect(screen.queryByTestId('column-toggle-__actions')).toBeNull();
  });

  it('hides a column on the routes the definition names only', async () => {
    show('userList2');
    await screen.findByText('alice');
    expect(headers()).not.toContain('邮箱');
    expect(headers()).not.toContain('昵称');
  });

  it('hides and shows columns, keeps the choice per list across visits, and resets to the default', async () => {
    const first = show('userList');
    await screen.findByText('alice');
    openSettings();
    fireEvent.click(toggle('phone'));
    fireEvent.click(toggle('nickname'));
    expect(headers()).not.toContain('手机号');
    expect(headers()).toContain('昵称');
    expect(JSON.parse(localStorage.getItem('columns:userList:user')!)).toEqual({
      hidden: ['phone'],
      shown: ['nickname'],
    });
    first.unmount();

    // Another visit to the same list: the same columns.
    const second = show('userList');
    await screen.findByText('alice');
    expect(headers()).not.toContain('手机号');
    expect(headers()).toContain('昵称');
    second.unmount();

    // The same resource on another route keeps its own choice.
    const other = show('userList3');
    await screen.findByText('alice');
    expect(headers()).toContain('手机号');
    expect(headers()).not.toContain('昵称');
    other.unmount();

    show('userList');
    await screen.findByText('alice');
    openSettings();
    fireEvent.click(screen.getByTestId('column-reset'));
    expect(headers()).toContain('手机号');
    expect(headers()).not.toContain('昵称');
    expect(localStorage.getItem('columns:userList:user')).toBeNull();
    expect(screen.getByTestId('column-reset')).toBeDisabled();
  });

  it('keeps at least one column: the last shown one cannot be unticked', async () => {
    show('userList');
    await screen.findByText('alice');
    openSettings();
    const names = def.fields.filter((f) => f.list !== false && !f.writeOnly).map((f) => f.name);
    for (const name of names.slice(1)) if (toggle(name).checked) fireEvent.click(toggle(name));
    expect(headers()).toEqual(['编号', '操作']);
    expect(toggle('id')).toBeDisabled();
  });

  it('hidden columns stay in the row detail', async () => {
    show('userList');
    await screen.findByText('alice');
    expect(headers()).not.toContain('昵称');
    fireEvent.click(screen.getByTestId('row-detail'));
    const detail = await screen.findByTestId('resource-detail');
    expect(within(detail).getByText('昵称')).toBeInTheDocument();
    expect(within(detail).getByText('Al')).toBeInTheDocument();
  });
});

describe('stored column choice', () => {
  it('stores only departures from the default, so a changed default still applies', () => {
    const defaults = ['b'];
    const hideA = toggled(defaults, undefined, 'a');
    expect(hideA).toEqual({ hidden: ['a'], shown: [] });
    const showB = toggled(defaults, hideA, 'b');
    expect(showB).toEqual({ hidden: ['a'], shown: ['b'] });
    expect([...hiddenColumns(defaults, showB)]).toEqual(['a']);
    // Flipping both back is the default again: nothing to store.
    expect(toggled(defaults, toggled(defaults, showB, 'a'), 'b')).toBeUndefined();
    // A column the default hides later is hidden for a user who never touched it.
    expect([...hiddenColumns(['b', 'c'], showB)].sort()).toEqual(['a', 'c']);
  });
});
