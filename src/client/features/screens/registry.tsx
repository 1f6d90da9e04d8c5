import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CAMPUS_PANELS, DASHBOARD_ROUTES } from '../../../shared/dashboard';
import audioPushDef from '../../../entities/audio-push/resource';
import deviceVoiceDef from '../../../entities/device-voice/resource';
import faceDistributionDef from '../../../entities/face-distribution/resource';
import faceReviewDef from '../../../entities/face-review/resource';
import cameraDef from '../../../entities/camera/resource';
import photoDef from '../../../entities/photo/resource';
import vcrDef from '../../../entities/vcr/resource';
import adDef from '../../../entities/advertisement/resource';
import afterSaleDef from '../../../entities/after-sale/resource';
import mallOrderDef from '../../../entities/mall-order/resource';
import freightTemplateDef from '../../../entities/freight-template/resource';
import accessCardDef from '../../../entities/access-card/resource';
import accessRightDef from '../../../entities/access-right/resource';
import residentDef from '../../../entities/resident/resource';
import communityDef from '../../../entities/community/resource';
import roomDef from '../../../entities/room/resource';
import unitDef from '../../../entities/unit/resource';
import billDef from '../../../entities/bill/resource';
import utilityDef from '../../../entities/utility-account/resource';
import paymentDef from '../../../entities/payment/resource';
import mallProductDef from '../../../entities/product/resource';
import productSkuDef from '../../../entities/product-sku/resource';
import mallCategoryDef from '../../../entities/mall-category/resource';
import productReviewDef from '../../../entities/product-review/resource';
import simCardDef from '../../../entities/sim-card/resource';
import simPackageDef from '../../../entities/sim-package/resource';
import monitoredPersonDef from '../../../entities/monitored-person/resource';
import approvalNodeDef from '../../../entities/approval-node/resource';
import leaveRequestDef from '../../../entities/leave-request/resource';
import announcementDef from '../../../entities/announcement/resource';
import workPlanDef from '../../../entities/work-plan/resource';
import attendanceRuleDef from '../../../entities/attendance-rule/resource';
import attendanceRecordDef from '../../../entities/attendance-record/resource';
import { recordPreset } from '../attendance/attendance.api';
import warehouseItemDef from '../../../entities/warehouse-item/resource';
import dutyRecordDef from '../../../entities/duty-record/resource';
import productionBatchDef from '../../../entities/production-batch/resource';
import unknownDeviceDef from '../../../entities/unknown-device/resource';
import cellTowerDef from '../../../entities/cell-tower/resource';
import { METRIC_ROUTE_NAMES } from '../../../shared/devices/metric-routes';
import { resourceOfRoute } from '../../../entities/registry';
import deviceResource from '../../../entities/device/resource';
import drawingResource from '../../../entities/drawing/resource';
import { lazyScreen } from '../../lib/chunks';
import { alarmDef } from '../alarms/alarmResource';
import { alarmListQuery } from '../alarms/alarms.queries';
import { BREAKER_ROUTES, type BreakerAction } from '../breakers/breakerActions';
import { dashboardSummaryQuery } from '../dashboards/dashboard.queries';
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
    import('../devices/DeviceTable').then(({ DeviceTable }) => (props: RouteScreenProps) => (
      <DeviceTable preset={preset} {...props} />
    )),
  ),
});

/** The telemetry screens: one lazily loaded MetricScreen for every route of METRIC_ROUTES, told its route. */
const metricScreen = (route: string): ScreenEntry => ({
  prefetch: none,
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

/** The breaker screens: one BreakerScreen told its route's action (breakers/breakerActions.ts). */
const breakerScreen = (action: BreakerAction): ScreenEntry => ({
  resource: deviceResource,
  preset: (search) => presetSearch(DEVICE_PRESETS.breaker, search),
  component: lazyScreen(() =>
    import('../breakers/BreakerScreen').then(({ BreakerScreen }) => (props: RouteScreenProps) => (
      <BreakerScreen action={action} {...props} />
    )),
  ),
});

const deviceVoiceScreen: ScreenEntry = {
  resource: deviceVoiceDef,
  component: lazyScreen(() => import('../tools/DeviceVoiceScreen').then((m) => m.DeviceVoiceScreen)),
};

/** The monitoring wall (monitor/MonitorWall.tsx), opened with the grid its route starts from. */
const wallScreen = (route: string, layout: 1 | 4 | 6, compact = false): ScreenEntry => ({
  resource: cameraDef,
  component: lazyScreen(() =>
    import('../monitor/MonitorWall').then(({ MonitorWall }) => (props: RouteScreenProps) => (
      <MonitorWall route={route} defaultLayout={layout} compact={compact} {...props} />
    )),
  ),
});

const vcrScreen: ScreenEntry = {
  resource: vcrDef,
  component: lazyScreen(() => import('../video/VcrScreen').then((m) => m.VcrScreen)),
};

const uwbOnly = (search: ResourceSearch): ResourceSearch => ({
  ...search,
  filters: { ...search.filters, kind: 'uwb' },
});

export const SCREENS: Readonly<Record<string, ScreenEntry>> = {
  DeviceList: {
    resource: deviceResource,
    component: lazyScreen(() =>
      import('../devices/DeviceScreen').then(
        ({ DeviceScreen }) =>
          function DeviceList(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <DeviceScreen
                {...props}
                onOpenDetail={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
              />
            );
          },
      ),
    ),
  },
  Allocate: {
    resource: deviceResource,
    preset: (search) => presetSearch(DEVICE_PRESETS.allocate, search),
    component: lazyScreen(() => import('../devices/AllocateScreen').then((m) => m.AllocateScreen)),
  },
  AlarmHistory: {
    prefetch: (queryClient, search) => queryClient.prefetchQuery(alarmListQuery(buildListQuery(alarmDef(), search))),
    component: lazyScreen(() =>
      import('../alarms/AlarmHistoryScreen').then(
        ({ AlarmHistoryScreen }) =>
          function AlarmHistory(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <AlarmHistoryScreen
                {...props}
                onOpenDevice={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
              />
            );
          },
      ),
    ),
  },
  fenceList: {
    component: lazyScreen(() =>
      import('../fences/FenceListScreen').then(
        ({ FenceListScreen }) =>
          function FenceList(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <FenceListScreen
                {...props}
                onOpen={(id) => void navigate({ to: '/map/fenceInfo', search: id === undefined ? {} : { id } })}
              />
            );
          },
      ),
    ),
  },
  departmentManagement: {
    component: lazyScreen(() => import('../org/DepartmentScreen').then((m) => m.DepartmentScreen)),
  },
  permissionManager: { component: lazyScreen(() => import('../org/PermissionScreen').then((m) => m.PermissionScreen)) },
  roleList: { component: lazyScreen(() => import('../org/RoleScreen').then((m) => m.RoleScreen)) },
  tenantList: { component: lazyScreen(() => import('../org/TenantScreen').then((m) => m.TenantScreen)) },
  userList: { component: lazyScreen(() => import('../org/UserScreen').then((m) => m.UserScreen)) },
  baseList: { component: lazyScreen(() => import('../indoor/BaseListScreen').then((m) => m.BaseListScreen)) },
  drawingList1: {
    prefetch: none,
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
  drawingList: {
    component: lazyScreen(() => import('../indoor/DrawingLibraryScreen').then((m) => m.DrawingLibraryScreen)),
  },
  uwbDrawingList: {
    resource: drawingResource,
    preset: uwbOnly,
    component: lazyScreen(() =>
      import('../indoor/DrawingLibraryScreen').then(({ DrawingLibraryScreen }) => (props: RouteScreenProps) => (
        <DrawingLibraryScreen uwbOnly {...props} />
      )),
    ),
  },
  uwbServer: {
    prefetch: none,
    component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)),
  },
  uwbserver: {
    prefetch: none,
    component: lazyScreen(() => import('../indoor/UwbServerScreen').then((m) => m.UwbServerScreen)),
  },
  onlineStatus: {
    prefetch: none,
    component: lazyScreen(() => import('../devices/OnlineStatusScreen').then((m) => m.OnlineStatusScreen)),
  },
  deviceReload: {
    prefetch: none,
    component: lazyScreen(() => import('../devices/DeviceReloadScreen').then((m) => m.DeviceReloadScreen)),
  },
  installationMap: {
    prefetch: none,
    component: lazyScreen(() => import('../installations/InstallationMapScreen').then((m) => m.InstallationMapScreen)),
  },
  randomReload: {
    prefetch: none,
    component: lazyScreen(() => import('../devices/RandomReloadScreen').then((m) => m.RandomReloadScreen)),
  },
  DownloadTask: {
    prefetch: none,
    component: lazyScreen(() => import('../jobs/DownloadTaskScreen').then((m) => m.DownloadTaskScreen)),
  },
  uploadForm: {
    prefetch: none,
    component: lazyScreen(() => import('../uploads/UploadFormScreen').then((m) => m.UploadFormScreen)),
  },
  province: {
    prefetch: none,
    component: lazyScreen(() => import('../regions/ProvinceScreen').then((m) => m.ProvinceScreen)),
  },
  analyze: {
    prefetch: none,
    component: lazyScreen(() => import('../analytics/AnalyzeScreen').then((m) => m.AnalyzeScreen)),
  },
  figure: {
    prefetch: none,
    component: lazyScreen(() => import('../analytics/FigureScreen').then((m) => m.FigureScreen)),
  },
  management1: {
    prefetch: none,
    component: lazyScreen(() => import('../analytics/ManagementScreen').then((m) => m.ManagementScreen)),
  },
  tenantInfo: {
    prefetch: none,
    component: lazyScreen(() => import('../tenant/TenantInfoScreen').then((m) => m.TenantInfoScreen)),
  },
  newPage1: { prefetch: none, component: lazyScreen(() => import('./ScreenDirectory').then((m) => m.ScreenDirectory)) },
  deviceActive: deviceTable('activation'),
  devicelistcomponent: deviceTable('compact'),
  netSingle: deviceTable('signal'),
  ...Object.fromEntries(METRIC_ROUTE_NAMES.map((route) => [route, metricScreen(route)])),
  ...Object.fromEntries(
    [...Object.keys(DASHBOARD_ROUTES), ...CAMPUS_PANELS].map((route) => [route, dashboardScreen(route)]),
  ),
  // Device tools: thing models, batch control, audio pushes, voice messages.
  dataModel: {
    prefetch: none,
    component: lazyScreen(() => import('../tools/DataModelScreen').then((m) => m.DataModelScreen)),
  },
  controlBar: {
    prefetch: none,
    component: lazyScreen(() => import('../tools/ControlBarScreen').then((m) => m.ControlBarScreen)),
  },
  pubMusic: {
    resource: audioPushDef,
    component: lazyScreen(() => import('../tools/PubMusicScreen').then((m) => m.PubMusicScreen)),
  },
  // Faces: the gallery, a library pushed to door units, residents' faces under review.
  getFaceList: {
    prefetch: none,
    component: lazyScreen(() => import('../faces/FaceGalleryScreen').then((m) => m.FaceGalleryScreen)),
  },
  distribute: {
    resource: faceDistributionDef,
    component: lazyScreen(() => import('../faces/FaceDistributeScreen').then((m) => m.FaceDistributeScreen)),
  },
  faceVerification: {
    resource: faceReviewDef,
    component: lazyScreen(() => import('../faces/FaceReviewScreen').then((m) => m.FaceReviewScreen)),
  },
  deviceVoice: deviceVoiceScreen,
  // Voice messages under the live-media menu: the same screen as deviceVoice.
  audio: deviceVoiceScreen,
  // Live cameras: the wall, a single live view, and the campus dashboard's video panels.
  monitor: wallScreen('monitor', 4),
  jzvideo: wallScreen('jzvideo', 6),
  videoMonitoring: wallScreen('videoMonitoring', 4),
  monitoringVideo: wallScreen('monitoringVideo', 6),
  vedio: wallScreen('vedio', 1),
  index4video: wallScreen('index4video', 4, true),
  index4video_baba: wallScreen('index4video_baba', 4, true),
  // Photos: /picture and /PhotoList list them all (the generic list); 视频抓拍 starts from the wall's snapshots.
  video_capture: { resource: photoDef, preset: (search) => ({ ...search, filters: { source: 1, ...search.filters } }) },
  // The video conference inside the console (the map menu's 视频会议), as /roOm is outside it.
  txVideios: {
    prefetch: none,
    component: lazyScreen(() =>
      import('../conference/ConferencePanel').then((m) => () => <m.ConferencePanel embedded />),
    ),
  },
  // Stored media against the quota, retention and a clean-up now.
  CloudStorage: {
    prefetch: none,
    component: lazyScreen(() => import('../video/CloudStorageScreen').then((m) => m.CloudStorageScreen)),
  },
  // Recordings.
  ...Object.fromEntries(['VCRList', 'VCRListtc', 'videoManage'].map((route) => [route, vcrScreen])),
  ...Object.fromEntries(Object.entries(BREAKER_ROUTES).map(([route, action]) => [route, breakerScreen(action)])),
  // Communities: the community form and generator, the tree beside the rooms, the door units of a unit.
  communityManagement: {
    resource: communityDef,
    component: lazyScreen(() => import('../community/CommunityScreen').then((m) => m.CommunityScreen)),
  },
  roomManagement: {
    resource: roomDef,
    component: lazyScreen(() => import('../community/RoomScreen').then((m) => m.RoomScreen)),
  },
  unitManagement: {
    resource: unitDef,
    component: lazyScreen(() => import('../community/UnitScreen').then((m) => m.UnitScreen)),
  },
  // Access control: residents and binding review, rights with delivery, cards, access events.
  bindingReview: {
    resource: residentDef,
    component: lazyScreen(() => import('../access/BindingReviewScreen').then((m) => m.BindingReviewScreen)),
  },
  rightsManagement: {
    resource: accessRightDef,
    component: lazyScreen(() => import('../access/RightsScreen').then((m) => m.RightsScreen)),
  },
  cardAdd: {
    resource: accessCardDef,
    component: lazyScreen(() => import('../access/CardAddScreen').then((m) => m.CardAddScreen)),
  },
  // Advertising: upload and playback, review, distribution to door units with plays.
  advertisementManagement: {
    resource: adDef,
    component: lazyScreen(() => import('../ads/AdManagementScreen').then((m) => m.AdManagementScreen)),
  },
  advertisingReview: {
    resource: adDef,
    component: lazyScreen(() => import('../ads/AdReviewScreen').then((m) => m.AdReviewScreen)),
  },
  orderManagement: {
    resource: mallOrderDef,
    component: lazyScreen(() => import('../mall-orders/OrderManagementScreen').then((m) => m.OrderManagementScreen)),
  },
  AfterSalesOrders: {
    resource: afterSaleDef,
    component: lazyScreen(() => import('../mall-orders/AfterSalesScreen').then((m) => m.AfterSalesScreen)),
  },
  MallData: { component: lazyScreen(() => import('../mall-orders/MallDataScreen').then((m) => m.MallDataScreen)) },
  FreightTemplate: {
    resource: freightTemplateDef,
    component: lazyScreen(() => import('../mall-orders/FreightTemplateScreen').then((m) => m.FreightTemplateScreen)),
  },
  advertisingdistribution: {
    resource: adDef,
    component: lazyScreen(() => import('../ads/AdDistributionScreen').then((m) => m.AdDistributionScreen)),
  },
  // Prepaid electricity and water of the community's rooms: one screen told its kind, the list fixed to it.
  elecCard: {
    resource: utilityDef,
    preset: (search) => ({ ...search, filters: { ...search.filters, kind: 1 } }),
    component: lazyScreen(() =>
      import('../utilities/UtilityScreen').then(({ UtilityScreen }) => (props: RouteScreenProps) => (
        <UtilityScreen kind={1} {...props} />
      )),
    ),
  },
  waterCard: {
    resource: utilityDef,
    preset: (search) => ({ ...search, filters: { ...search.filters, kind: 2 } }),
    component: lazyScreen(() =>
      import('../utilities/UtilityScreen').then(({ UtilityScreen }) => (props: RouteScreenProps) => (
        <UtilityScreen kind={2} {...props} />
      )),
    ),
  },
  // IoT cards: cards with usage and carrier actions, device binding, the package catalogue.
  SIMCard: {
    resource: simCardDef,
    component: lazyScreen(() => import('../sim/SimCardScreen').then((m) => m.SimCardScreen)),
  },
  DeviceSim: {
    resource: simCardDef,
    component: lazyScreen(() => import('../sim/DeviceSimScreen').then((m) => m.DeviceSimScreen)),
  },
  packageList: {
    resource: simPackageDef,
    prefetch: none,
    component: lazyScreen(() => import('../sim/PackageListScreen').then((m) => m.PackageListScreen)),
  },
  // Approvals: the inbox, approval nodes and every request on /audit; leave requests on /AuditNotice.
  audit: {
    resource: approvalNodeDef,
    component: lazyScreen(() => import('../approvals/AuditScreen').then((m) => m.AuditScreen)),
  },
  AuditNotice: {
    resource: leaveRequestDef,
    component: lazyScreen(() => import('../approvals/LeaveScreen').then((m) => m.LeaveScreen)),
  },
  // Attendance: rules with the recompute, the computed records (all, late/early, absent) with the monthly report, the statistics.
  AttendanceList: {
    resource: attendanceRuleDef,
    component: lazyScreen(() => import('../attendance/AttendanceScreens').then((m) => m.AttendanceRuleScreen)),
  },
  AttendanceInfoList: {
    resource: attendanceRecordDef,
    preset: recordPreset(),
    component: lazyScreen(() => import('../attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen)),
  },
  EdAttendanceInfoList: {
    resource: attendanceRecordDef,
    preset: recordPreset(1),
    component: lazyScreen(() => import('../attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen)),
  },
  EdAbsenceList: {
    resource: attendanceRecordDef,
    preset: recordPreset(2),
    component: lazyScreen(() => import('../attendance/AttendanceScreens').then((m) => m.AttendanceRecordScreen)),
  },
  attendance: {
    prefetch: none,
    component: lazyScreen(() => import('../attendance/AttendanceStatsScreen').then((m) => m.AttendanceStatsScreen)),
  },
  // Construction site: work plans as a list and a Gantt-like view, with each plan's logs.
  workPlan: {
    resource: workPlanDef,
    component: lazyScreen(() => import('../site/WorkPlanScreen').then((m) => m.WorkPlanScreen)),
  },
  // Site operations: warehouse with movements, duty list/roster/annual inspections, production batches with QA.
  manageStorage: {
    resource: warehouseItemDef,
    component: lazyScreen(() => import('../site-ops/StorageScreen').then((m) => m.StorageScreen)),
  },
  dutyUser: {
    resource: dutyRecordDef,
    component: lazyScreen(() => import('../site-ops/DutyScreen').then((m) => m.DutyScreen)),
  },
  productionSystem: {
    resource: productionBatchDef,
    component: lazyScreen(() => import('../site-ops/ProductionScreen').then((m) => m.ProductionScreen)),
  },
  // Device protocols (docs/protocols.md): identifiers nobody registered, registered or dismissed here by super administrators.
  unknownDevices: {
    resource: unknownDeviceDef,
    component: lazyScreen(() => import('../devices/UnknownDevicesScreen').then((m) => m.UnknownDevicesScreen)),
  },
  cellTowers: {
    resource: cellTowerDef,
    component: lazyScreen(() => import('../devices/CellTowersScreen').then((m) => m.CellTowersScreen)),
  },
  // Announcements: the company's list with publish, withdraw and read receipts; the recipient's unread popup and the site's board.
  AnnouncementList: {
    resource: announcementDef,
    component: lazyScreen(() => import('../announcements/AnnouncementScreen').then((m) => m.AnnouncementScreen)),
  },
  AnnouncementListtc: {
    prefetch: none,
    component: lazyScreen(() => import('../announcements/AnnouncementInbox').then((m) => m.AnnouncementPopupScreen)),
  },
  siteAnnouncement: {
    prefetch: none,
    component: lazyScreen(() => import('../announcements/AnnouncementInbox').then((m) => m.SiteAnnouncementScreen)),
  },
  // IoT card billing: bills, purchases of packages and data, the report.
  Bill: { resource: billDef, component: lazyScreen(() => import('../billing/BillScreens').then((m) => m.BillScreen)) },
  bilList: {
    resource: billDef,
    component: lazyScreen(() => import('../billing/BillScreens').then((m) => m.BillListScreen)),
  },
  // The mall's catalogue: the product form with its SKU matrix, the business-district storefront.
  AddProduct: {
    resource: mallProductDef,
    prefetch: none,
    component: lazyScreen(() => import('../mall/AddProductScreen').then((m) => m.AddProductScreen)),
  },
  productManage: {
    resource: mallProductDef,
    component: lazyScreen(() => import('../mall/ProductManageScreen').then((m) => m.ProductManageScreen)),
  },
  Commodity: {
    resource: productSkuDef,
    component: lazyScreen(() => import('../mall/CommodityScreen').then((m) => m.CommodityScreen)),
  },
  // /Category: the storefront's navigation categories (productCategory lists them all).
  Category: { resource: mallCategoryDef, preset: (search) => ({ ...search, filters: { nav: 1, ...search.filters } }) },
  ProductReviews: {
    resource: productReviewDef,
    component: lazyScreen(() => import('../mall/ReviewScreen').then((m) => m.ReviewScreen)),
  },
  shangquanshangcheng: {
    prefetch: none,
    component: lazyScreen(() => import('../mall/StoreScreen').then((m) => m.StoreScreen)),
  },
  paypal: {
    resource: paymentDef,
    component: lazyScreen(() => import('../payments/PaymentScreen').then((m) => m.PaymentScreen)),
  },
  topup: { prefetch: none, component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.TopupScreen)) },
  topup1: {
    prefetch: none,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.DataTopupScreen)),
  },
  topup2: {
    prefetch: none,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.BatchTopupScreen)),
  },
  Recharge: {
    prefetch: none,
    component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.RechargeScreen)),
  },
  Recharge2: { prefetch: none, component: lazyScreen(() => import('../billing/BuyScreen').then((m) => m.RenewScreen)) },
  Report: {
    prefetch: none,
    component: lazyScreen(() => import('../billing/ReportScreen').then((m) => m.ReportScreen)),
  },
  // Supervision: monitored persons with their bracelet's fence, battery, wearing and check-in; a person's detail.
  regulatoryList: {
    resource: monitoredPersonDef,
    component: lazyScreen(() => import('../supervision/RegulatoryListScreen').then((m) => m.RegulatoryListScreen)),
  },
  regulatoryUser: {
    resource: monitoredPersonDef,
    component: lazyScreen(() => import('../supervision/RegulatoryUserScreen').then((m) => m.RegulatoryUserScreen)),
  },
  gateay_4G: {
    resource: deviceResource,
    preset: (search) => presetSearch(DEVICE_PRESETS.gateway, search),
    component: lazyScreen(() => import('../breakers/GatewayScreen').then((m) => m.GatewayScreen)),
  },
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
