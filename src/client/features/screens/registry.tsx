import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CAMPUS_PANELS, DASHBOARD_ROUTES } from '../../../shared/dashboard';
import { METRIC_ROUTE_NAMES } from '../../../shared/devices/metric-routes';
import { resourceOfRoute } from '../../../entities/registry';
import { ENTITY_SCREENS } from '../../../entities/screens.gen';
import { lazyScreen } from '../../lib/chunks';
import { dashboardSummaryQuery } from '../dashboards/dashboard.queries';
import { resourceListQuery } from '../resources/resources.queries';
import { buildListQuery, type ResourceSearch } from '../resources/search';
import { mergeScreens, noPrefetch } from './entries';
import type { EntityScreens, ScreenEntry } from './types';

/*
 * Screens that add something to the generic list of their resource: the core's here, an entity
 * folder's in its screen.tsx (listed in src/entities/screens.gen.ts). A route name that is not
 * registered but is one of a registry resource's `routes` renders that resource's generic list;
 * any other name shows the placeholder. Hand-written route files (maps, dashboards, calls) win
 * over both. docs/adding-a-resource.md tells which one a new screen needs.
 */

/** The telemetry screens: one lazily loaded MetricScreen for every route of METRIC_ROUTES, told its route. */
const metricScreen = (route: string): ScreenEntry => ({
  prefetch: noPrefetch,
  component: lazyScreen(() =>
    import('../devices/MetricScreen').then(({ MetricScreen }) => () => <MetricScreen route={route} />),
  ),
});

/** The dashboards and the campus panels: one lazily loaded chunk; the loader starts the summary's fetch beside it. */
const dashboardScreen = (route: string): ScreenEntry => ({
  prefetch: (queryClient) =>
    queryClient.prefetchQuery(dashboardSummaryQuery({ scenario: DASHBOARD_ROUTES[route] ?? 'campus' })),
  component: lazyScreen(() =>
    import('../dashboards/screens').then(({ DashboardRoute }) => () => <DashboardRoute route={route} />),
  ),
});

/** The core's screens; the entity folders' screen.tsx register the screens of their routes. */
const CORE_SCREENS: EntityScreens = {
  drawingList1: {
    prefetch: noPrefetch,
    component: lazyScreen(() =>
      import('../indoor/DrawingListScreen').then(
        ({ DrawingListScreen }) =>
          function DrawingList1() {
            const navigate = useNavigate();
            return (
              <DrawingListScreen onManage={() => void navigate({ to: '/$page', params: { page: 'drawingList' } })} />
            );
          },
      ),
    ),
  },
  uwbServer: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)),
  },
  uwbserver: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)),
  },
  onlineStatus: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../devices/OnlineStatusScreen').then((m) => m.OnlineStatusScreen)),
  },
  deviceReload: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../devices/DeviceReloadScreen').then((m) => m.DeviceReloadScreen)),
  },
  randomReload: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../devices/RandomReloadScreen').then((m) => m.RandomReloadScreen)),
  },
  DownloadTask: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../jobs/DownloadTaskScreen').then((m) => m.DownloadTaskScreen)),
  },
  uploadForm: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../uploads/UploadFormScreen').then((m) => m.UploadFormScreen)),
  },
  province: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../regions/ProvinceScreen').then((m) => m.ProvinceScreen)),
  },
  analyze: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../analytics/AnalyzeScreen').then((m) => m.AnalyzeScreen)),
  },
  figure: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../analytics/FigureScreen').then((m) => m.FigureScreen)),
  },
  management1: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../analytics/ManagementScreen').then((m) => m.ManagementScreen)),
  },
  tenantInfo: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../tenant/TenantInfoScreen').then((m) => m.TenantInfoScreen)),
  },
  newPage1: {
    prefetch: noPrefetch,
    // Told which routes have a screen here: importing this registry itself would close a circle.
    component: lazyScreen(() =>
      import('./ScreenDirectory').then(({ ScreenDirectory }) => {
        const hasScreen = (route: string) => !!screenOf(route);
        return function Directory() {
          return <ScreenDirectory hasScreen={hasScreen} />;
        };
      }),
    ),
  },
  ...Object.fromEntries(METRIC_ROUTE_NAMES.map((route) => [route, metricScreen(route)])),
  ...Object.fromEntries(
    [...Object.keys(DASHBOARD_ROUTES), ...CAMPUS_PANELS].map((route) => [route, dashboardScreen(route)]),
  ),
  // Device tools: thing models, batch control (audio pushes and voice messages: their entity folders).
  dataModel: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../tools/DataModelScreen').then((m) => m.DataModelScreen)),
  },
  controlBar: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../tools/ControlBarScreen').then((m) => m.ControlBarScreen)),
  },
  // The video conference inside the console (the map menu's 视频会议), as /roOm is outside it.
  txVideios: {
    prefetch: noPrefetch,
    component: lazyScreen(() =>
      import('../conference/ConferencePanel').then((m) => () => <m.ConferencePanel embedded />),
    ),
  },
  // Stored media against the quota, retention and a clean-up now.
  CloudStorage: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../video/CloudStorageScreen').then((m) => m.CloudStorageScreen)),
  },
  // The mall's figures.
  MallData: { component: lazyScreen(() => import('../mall-orders/MallDataScreen').then((m) => m.MallDataScreen)) },
  // Attendance statistics (the rules and records: their entity folders).
  attendance: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../attendance/AttendanceStatsScreen').then((m) => m.AttendanceStatsScreen)),
  },
  // The recipient's unread announcements popup and the site's board.
  AnnouncementListtc: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../announcements/AnnouncementInbox').then((m) => m.AnnouncementPopupScreen)),
  },
  siteAnnouncement: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../announcements/AnnouncementInbox').then((m) => m.SiteAnnouncementScreen)),
  },
  // IoT card billing: purchases of packages and data, the report.
  topup: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.TopupScreen)),
  },
  topup1: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.DataTopupScreen)),
  },
  topup2: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.BatchTopupScreen)),
  },
  Recharge: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.RechargeScreen)),
  },
  Recharge2: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.RenewScreen)),
  },
  Report: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../billing/ReportScreen').then((m) => m.ReportScreen)),
  },
};

/** Every registered screen by route name: the core's and the entity folders' (a route registered twice throws). */
export const SCREENS: Readonly<Record<string, ScreenEntry>> = mergeScreens(CORE_SCREENS, ENTITY_SCREENS);

/** The screen a route name renders: its registered entry, the generic list of its resource, or none. */
export function screenOf(name: string): ScreenEntry | undefined {
  const entry = SCREENS[name];
  const resource = entry?.resource ?? resourceOfRoute(name);
  if (entry) return { ...entry, resource };
  return resource ? { resource } : undefined;
}

/**
 * The route loader's part (prefetchRoute by the route's name): start loading the screen's script and warm the cache with what the
 * screen will ask for first. Offline it fetches nothing: a fetch would wait for the network, and
 * the loader with it, while the screen can already show what the persisted cache holds.
 */
export function prefetchRoute(
  name: string,
  queryClient: QueryClient,
  search: ResourceSearch,
): Promise<unknown> | undefined {
  const entry = screenOf(name);
  return entry && prefetchScreen(entry, queryClient, search);
}

export function prefetchScreen(
  entry: ScreenEntry,
  queryClient: QueryClient,
  search: ResourceSearch,
): Promise<unknown> | undefined {
  // The screen's script loads beside its data instead of after it (a failure shows on render).
  entry.component?.preload().catch(() => undefined);
  if (!onlineManager.isOnline()) return undefined;
  if (entry.prefetch) return entry.prefetch(queryClient, search);
  if (!entry.resource) return Promise.resolve();
  const start = entry.preset ? entry.preset(search) : search;
  return queryClient.prefetchQuery(resourceListQuery(entry.resource, buildListQuery(entry.resource, start)));
}
