import type { QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { METRIC_ROUTE_NAMES } from '../../../shared/devices/metric-routes';
import { resourceOfRoute } from '../../../shared/resources';
import { deviceResource } from '../../../shared/resources/device';
import { drawingResource } from '../../../shared/resources/indoor';
import { lazyScreen } from '../../lib/chunks';
import { alarmDef } from '../alarms/alarmResource';
import { alarmListQuery, prefetchOnline } from '../alarms/alarms.queries';
import { DEVICE_PRESETS, presetSearch, type DevicePresetName } from '../devices/presets';
import { resourceListQuery } from '../resources/resources.queries';
import { buildListQuery, type ResourceSearch } from '../resources/search';
import type { RouteScreenProps, ScreenEntry } from './types';

/*
 * Screens that add something to the generic list of their resource. A route name that is not
 * here but is one of a registry resource's `routes` renders that resource's generic list; any
 * other name shows the placeholder. Hand-written route files (maps, dashboards, calls) win over
 * both. docs/adding-a-resource.md tells which one a new screen needs.
 */

const deviceTable = (preset: DevicePresetName): ScreenEntry => ({
  resource: deviceResource,
  preset: (search) => presetSearch(DEVICE_PRESETS[preset], search),
  component: lazyScreen(() =>
    import('../devices/DeviceTable').then(({ DeviceTable }) => (props: RouteScreenProps) => <DeviceTable preset={preset} {...props} />),
  ),
});

/** The telemetry screens: one lazily loaded MetricScreen for every route of METRIC_ROUTES, told its route. */
const metricScreen = (route: string): ScreenEntry => ({
  prefetch: none,
  component: lazyScreen(() => import('../devices/MetricScreen').then(({ MetricScreen }) => () => <MetricScreen route={route} />)),
});

const uwbOnly = (search: ResourceSearch): ResourceSearch => ({ ...search, filters: { ...search.filters, kind: 'uwb' } });

export const SCREENS: Readonly<Record<string, ScreenEntry>> = {
  DeviceList: {
    resource: deviceResource,
    component: lazyScreen(() =>
      import('../devices/DeviceScreen').then(({ DeviceScreen }) => function DeviceList(props: RouteScreenProps) {
        const navigate = useNavigate();
        return <DeviceScreen {...props} onOpenDetail={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })} />;
      }),
    ),
  },
  Allocate: {
    resource: deviceResource,
    preset: (search) => presetSearch(DEVICE_PRESETS.allocate, search),
    component: lazyScreen(() => import('../devices/AllocateScreen').then((m) => m.AllocateScreen)),
  },
  AlarmHistory: {
    prefetch: (queryClient, search) => prefetchOnline(queryClient, alarmListQuery(buildListQuery(alarmDef(), search))),
    component: lazyScreen(() =>
      import('../alarms/AlarmHistoryScreen').then(({ AlarmHistoryScreen }) => function AlarmHistory(props: RouteScreenProps) {
        const navigate = useNavigate();
        return <AlarmHistoryScreen {...props} onOpenDevice={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })} />;
      }),
    ),
  },
  fenceList: {
    component: lazyScreen(() =>
      import('../fences/FenceListScreen').then(({ FenceListScreen }) => function FenceList(props: RouteScreenProps) {
        const navigate = useNavigate();
        return <FenceListScreen {...props} onOpen={(id) => void navigate({ to: '/map/fenceInfo', search: id === undefined ? {} : { id } })} />;
      }),
    ),
  },
  departmentManagement: { component: lazyScreen(() => import('../org/DepartmentScreen').then((m) => m.DepartmentScreen)) },
  permissionManager: { component: lazyScreen(() => import('../org/PermissionScreen').then((m) => m.PermissionScreen)) },
  roleList: { component: lazyScreen(() => import('../org/RoleScreen').then((m) => m.RoleScreen)) },
  tenantList: { component: lazyScreen(() => import('../org/TenantScreen').then((m) => m.TenantScreen)) },
  userList: { component: lazyScreen(() => import('../org/UserScreen').then((m) => m.UserScreen)) },
  baseList: { component: lazyScreen(() => import('../indoor/BaseListScreen').then((m) => m.BaseListScreen)) },
  drawingList: { component: lazyScreen(() => import('../indoor/DrawingLibraryScreen').then((m) => m.DrawingLibraryScreen)) },
  uwbDrawingList: {
    resource: drawingResource,
    preset: uwbOnly,
    component: lazyScreen(() =>
      import('../indoor/DrawingLibraryScreen').then(({ DrawingLibraryScreen }) => (props: RouteScreenProps) => <DrawingLibraryScreen uwbOnly {...props} />),
    ),
  },
  uwbServer: { prefetch: none, component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)) },
  uwbserver: { prefetch: none, component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)) },
  onlineStatus: { prefetch: none, component: lazyScreen(() => import('../devices/OnlineStatusScreen').then((m) => m.OnlineStatusScreen)) },
  deviceReload: { prefetch: none, component: lazyScreen(() => import('../devices/DeviceReloadScreen').then((m) => m.DeviceReloadScreen)) },
  DownloadTask: { prefetch: none, component: lazyScreen(() => import('../jobs/DownloadTaskScreen').then((m) => m.DownloadTaskScreen)) },
  uploadForm: { prefetch: none, component: lazyScreen(() => import('../uploads/UploadFormScreen').then((m) => m.UploadFormScreen)) },
  province: { prefetch: none, component: lazyScreen(() => import('../regions/ProvinceScreen').then((m) => m.ProvinceScreen)) },
  tenantInfo: { prefetch: none, component: lazyScreen(() => import('../tenant/TenantInfoScreen').then((m) => m.TenantInfoScreen)) },
  newPage1: { prefetch: none, component: lazyScreen(() => import('./ScreenDirectory').then((m) => m.ScreenDirectory)) },
  deviceActive: deviceTable('activation'),
  devicelistcomponent: deviceTable('compact'),
  netSingle: deviceTable('signal'),
  ...Object.fromEntries(METRIC_ROUTE_NAMES.map((route) => [route, metricScreen(route)])),
};

function none(): Promise<void> {
  return Promise.resolve();
}

/** The screen a route name renders: its registered entry, the generic list of its resource, or none. */
export function screenOf(name: string): ScreenEntry | undefined {
  const entry = SCREENS[name];
  const resource = entry?.resource ?? resourceOfRoute(name);
  if (entry) return { ...entry, resource };
  return resource ? { resource } : undefined;
}

/** The route loader's part: warm the cache with what the screen will ask for first. */
export function prefetchScreen(entry: ScreenEntry, queryClient: QueryClient, search: ResourceSearch): Promise<unknown> | undefined {
  if (entry.prefetch) return entry.prefetch(queryClient, search);
  if (!entry.resource) return Promise.resolve();
  const start = entry.preset ? entry.preset(search) : search;
  return queryClient.prefetchQuery(resourceListQuery(entry.resource, buildListQuery(entry.resource, start)));
}
