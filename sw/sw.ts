/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ICON, idbStore, installPhonePush, precachedIcon } from './phone-push';

declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Paths the service owns at run time; never answered from a cache. */
const NETWORK_ONLY = /^\/(api|mqtt)(\/|$)/;

// vite-plugin-pwa injects the build's file list here: shell, chunks (locale catalogs
// included), icons and the static files of public/.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The build's scripts and styles (hashed, precached under their plain URL) are answered by the
// browser straight from the precache, without running this worker's script for each of them: a
// screen's start asks for 80 to 150 of them, and through the fetch handler on two cores that took
// 0.4 to 0.7 s at an offline start. A miss (a chunk of an older build) goes to the network. The
// MapLibre worker (.mjs, in its own cache) stays with the fetch handler below. Chromium 123+;
// elsewhere the fetch handler serves them as before.
self.addEventListener('install', (event) => {
  const install = event as ExtendableEvent & { addRoutes?: (rules: unknown[]) => Promise<void> };
  if (!install.addRoutes) return;
  const fromPrecache = { cacheName: cacheNames.precache };
  install.waitUntil(
    install
      .addRoutes([
        { condition: { requestMethod: 'GET', urlPattern: { pathname: '/assets/*.js' } }, source: fromPrecache },
        { condition: { requestMethod: 'GET', urlPattern: { pathname: '/assets/*.css' } }, source: fromPrecache },
      ])
      .catch(() => undefined),
  );
});

// Any in-app URL opens the precached shell, so a reload on a site without network still works;
// the router then decides what to show.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [NETWORK_ONLY] }));

const sameOrigin = (url: URL) => url.origin === self.location.origin && !NETWORK_ONLY.test(url.pathname);

// Region data changes rarely but may change: answer from cache at once, refresh behind.
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/data/'),
  new StaleWhileRevalidate({
    cacheName: 'static-data',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// Basemap tiles never change under a URL; a budget keeps them from filling a patrol phone.
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && url.pathname.startsWith('/tiles/'),
  new CacheFirst({
    cacheName: 'map-tiles',
    plugins: [new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// Map resources fetched online (the configured raster tiles or style with its tiles, glyphs and
// sprites) never change under a URL in practice: cache first, within a budget of 2,000 entries,
// about 50 MB at typical 25 KB tiles; a full quota empties this cache rather than failing.
// The commercial SDKs (AMap, Google) are left alone: their terms forbid caching their tiles.
const SDK_HOSTS = /(^|\.)(amap\.com|autonavi\.com|googleapis\.com|gstatic\.com|google\.com)$/i;
const TILE_PATH =
  /\/\d+\/\d+\/\d+(@\d+x)?(\.\w+)?$|\.(pbf|mvt|png|jpe?g|webp)$|(style|sprite)[^/]*\.json$|sprite[^/]*\.png$/i;
const onlyOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (response.status === 200 ? response : null),
};
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin !== self.location.origin &&
    !SDK_HOSTS.test(url.hostname) &&
    TILE_PATH.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-online',
    plugins: [
      onlyOk,
      new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// MapLibre's worker (an .mjs asset the precache globs skip; hashed, so cache first) and the
// offline basemap under /map/ (GeoJSON and glyph ranges, precached too; fixed names that a
// release may change: answer from cache, refresh behind).
registerRoute(
  ({ url, request }) => request.method === 'GET' && sameOrigin(url) && /^\/assets\/.+\.mjs$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'map-worker',
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 4, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    request.mode !== 'navigate' &&
    sameOrigin(url) &&
    url.pathname.startsWith('/map/') &&
    /\.((geo)?json|pbf)$/.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'map-basemap',
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

// registerType 'prompt': the page's update prompt asks the waiting worker to take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push to patrol phones: notifications, their Acknowledge and Open (sw/phone-push.ts).
// Their icon comes from the precache, never the network (precachedIcon).
installPhonePush({
  self,
  store: idbStore(),
  fetch: (input, init) => fetch(input, init),
  icon: precachedIcon(ICON, matchPrecache),
});

clientsClaim();
