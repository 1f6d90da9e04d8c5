import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { RouteError } from '../../../src/client/components/RouteError';
import { ChunkLoadError, isChunkLoadError, lazyScreen, loadChunk } from '../../../src/client/lib/chunks';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin, saveMenu } from '../../../src/client/lib/session';
import { createAppRouter, preloadOpenScreen } from '../../../src/client/router';
import { prefetchScreen, SCREENS, screenOf } from '../../../src/client/features/screens/registry';
import { mergeScreens } from '../../../src/client/features/screens/entries';
import type { RouteScreenProps } from '../../../src/client/features/screens/types';
import { ENTITY_SCREENS } from '../../../src/entities/screens.gen';
import { RESOURCES } from '../../../src/entities/registry';
import { findRoute } from '../../../src/shared/routes';
import { demoUser, envelope, menu, sampleTree } from '../fixtures';
import { renderWithProviders, testQueryClient } from '../render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } }));
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => resetRequestDeps());

function openAt(path: string, extra: string[]) {
  saveLogin('tok', demoUser);
  saveMenu([...sampleTree(), ...extra.map((uri) => menu(uri.replace('map/', ''), uri))]);
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  renderWithProviders(<RouterProvider router={router} />, { queryClient });
}

describe('screen registry', () => {
  it('names only routes of the requirements, each in a resource or with a component', () => {
    for (const [name, entry] of Object.entries(SCREENS)) {
      expect(findRoute(name), name).toBeDefined();
      expect(entry.component ?? entry.resource, name).toBeDefined();
    }
    for (const def of RESOURCES)
      for (const route of def.routes) expect(findRoute(route), `${def.name} ${route}`).toBeDefined();
  });

  it("holds the entity folders' screens (screen.tsx) beside the core's; a route registered twice throws", () => {
    expect(ENTITY_SCREENS.map(({ entity }) => entity)).toEqual(expect.arrayContaining(['camera', 'community', 'bill']));
    for (const { entity, screens } of ENTITY_SCREENS)
      for (const [route, entry] of Object.entries(screens)) expect(SCREENS[route], `${entity} ${route}`).toBe(entry);
    expect(screenOf('monitor')?.resource?.name).toBe('camera');
    const entry = { component: SCREENS.userList!.component };
    expect(() => mergeScreens({ monitor: entry }, [{ entity: 'camera', screens: { monitor: entry } }])).toThrow(
      'The route monitor has two screens: in src/client/features/screens/registry.tsx and in src/entities/camera/screen.tsx',
    );
    expect(() =>
      mergeScreens({}, [
        { entity: 'a', screens: { x: entry } },
        { entity: 'b', screens: { x: entry } },
      ]),
    ).toThrow('The route x has two screens: in src/entities/a/screen.tsx and in src/entities/b/screen.tsx');
  });

  it('answers the registered screen, the generic list of a resource route, or nothing', () => {
    expect(screenOf('userList')?.component).toBeDefined();
    expect(screenOf('userList')?.resource?.name).toBe('user');
    expect(screenOf('ProductGrouping')).toEqual({ resource: expect.objectContaining({ name: 'deviceGroup' }) });
    expect(screenOf('group')?.resource?.name).toBe('deviceGroup');
    expect(screenOf('workLog')).toEqual({ resource: expect.objectContaining({ name: 'workLog' }) });
    expect(screenOf('noSuchRoute')).toBeUndefined();
    expect(screenOf('pubMusic')?.component).toBeDefined();
    expect(screenOf('heart_rate')?.component).toBeDefined();
  });

  it('a resource route without a screen file renders the generic list, in either layout', async () => {
    openAt('/ProductGrouping', ['ProductGrouping']);
    expect(await screen.findByTestId('resource-deviceGroup')).toBeInTheDocument();
    const listCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/device/deviceGroup/list'));
    expect(listCall).toBeDefined();
  });

  it('the map layout renders the same generic list for its route name', async () => {
    openAt('/map/allocation', ['map/allocation']);
    expect(await screen.findByTestId('resource-allocation')).toBeInTheDocument();
    expect(screen.queryByTestId('side-menu')).toBeNull();
  });

  it('a registered screen loads its own component, with its preset in the first list call', async () => {
    openAt('/uwbDrawingList', ['uwbDrawingList']);
    expect(await screen.findByTestId('resource-drawing')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/device/drawing/list'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies[0]).toMatchObject({ filters: { kind: 'uwb' } });
  });
});

describe('newPage1', () => {
  it('lists the screens the menu opens, marks unbuilt ones and searches', async () => {
    openAt('/newPage1', ['newPage1', 'map/workLog', 'map/heart_rate', 'DownloadTask']);
    const cards = await screen.findAllByTestId('screen-card');
    const byRoute = new Map(cards.map((c) => [c.dataset.route, c]));
    // workLog was the unbuilt example until the construction-site screens built it: now a generic
    // list like the others.
    expect(byRoute.get('workLog')).not.toHaveTextContent('建设中');
    expect(byRoute.get('heart_rate')).not.toHaveTextContent('建设中');
    expect(byRoute.get('userList')).not.toHaveTextContent('建设中');
    expect(byRoute.get('DownloadTask')).not.toHaveTextContent('建设中');
    fireEvent.change(screen.getByTestId('screen-search'), { target: { value: 'DownloadTask' } });
    expect(screen.getAllByTestId('screen-card').map((c) => c.dataset.route)).toEqual(['DownloadTask']);
  });
});

describe('screen chunks load beside their data', () => {
  it('a preloaded screen loads its script once, and renders from it', async () => {
    const load = vi.fn(async () => () => <p>loaded screen</p>);
    const Screen = lazyScreen(load);
    await Screen.preload();
    await Screen.preload();
    renderWithProviders(<Screen />);
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is forgotten, so the next one tries again', async () => {
    const load = vi
      .fn<() => Promise<() => React.JSX.Element>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    load.mockResolvedValueOnce(() => <p>second try</p>);
    const Screen = lazyScreen(load);
    await expect(Screen.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('the route loader starts the script before the data has answered', () => {
    const preload = vi.fn(() => Promise.resolve());
    const component = Object.assign(
      lazyScreen<RouteScreenProps>(async () => () => null),
      { preload },
    );
    const prefetch = vi.fn(() => new Promise<void>(() => undefined));
    void prefetchScreen({ component, prefetch }, testQueryClient(), {});
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
  });
});

describe('the open screen at start-up', () => {
  it('starts loading its scripts when signed in, and nothing when signed out', async () => {
    const preload = vi.spyOn(SCREENS.index!.component!, 'preload').mockResolvedValue(undefined);
    const router = createAppRouter(testQueryClient(), createMemoryHistory({ initialEntries: ['/index'] }));
    const chunks = vi.spyOn(router, 'loadRouteChunk');
    preloadOpenScreen(router);
    expect(preload).not.toHaveBeenCalled();
    expect(chunks).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 50)); // the registry's chunk would have loaded by now
    expect(preload).not.toHaveBeenCalled();
    saveLogin('tok', demoUser);
    preloadOpenScreen(router);
    // The registry is a chunk of its own: the screen's script starts once it has loaded.
    await vi.waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    expect(chunks.mock.calls.map(([route]) => route.id)).toEqual(
      expect.arrayContaining(['/_authed', '/_authed/_admin', '/_authed/_admin/$page']),
    );
    preload.mockRestore();
  });
});

describe('script chunk failures', () => {
  it('a failed or slow import becomes a ChunkLoadError', async () => {
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
    vi.useFakeTimers();
    const slow = loadChunk(() => new Promise(() => undefined), 120_000);
    const settled = expect(slow).rejects.toThrow('timeout after 120000 ms');
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    vi.useRealTimers();
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('the route error offers a reload for a chunk failure, and a retry otherwise', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { unmount } = renderWithProviders(
      <RouteError error={new ChunkLoadError('gone')} reset={() => undefined} info={{ componentStack: '' }} />,
    );
    expect(screen.getByTestId('chunk-error')).toHaveTextContent('页面脚本加载失败');
    screen.getByTestId('chunk-reload').click();
    expect(reload).toHaveBeenCalledOnce();
    unmount();
    vi.unstubAllGlobals();
  });
});
