/**
 * Route registry of docs/requirements/screens-and-routes.md: every screen name, its layout,
 * its demo-menu directory and its labels. Names keep the required spellings exactly
 * (typos included) because they are also menu values and permission keys.
 */

export type Layout = 'admin' | 'map';
export type ScenarioKey =
  | 'dashboard'
  | 'device'
  | 'alarm'
  | 'location'
  | 'video'
  | 'face'
  | 'attendance'
  | 'indoor'
  | 'iot'
  | 'site'
  | 'supervision'
  | 'community'
  | 'mall'
  | 'advert'
  | 'org'
  | 'system';

export interface Scenario {
  key: ScenarioKey;
  cn: string;
  en: string;
  icon: string;
  sort: number;
}

export interface SpecRoute {
  /** route name; also the menu entry's value and the permission check key */
  value: string;
  layout: Layout; // 'admin' children live at '/<value>', 'map' children at '/map/<value>'
  scenario: ScenarioKey; // which directory of the demo menu it is grouped under
  cn: string; // Chinese label (source language of the UI)
  en: string; // English label
  icon: string; // one of the ICONS keys below
  param?: string; // optional path parameter, e.g. 'imei' for unitManagement (/unitManagement/:imei?)
}

export const ICONS = [
  'dashboard',
  'device',
  'alarm',
  'map',
  'video',
  'user',
  'role',
  'tenant',
  'department',
  'settings',
  'sim',
  'bill',
  'chart',
  'camera',
  'face',
  'attendance',
  'building',
  'mall',
  'advert',
  'task',
  'document',
  'location',
  'fence',
  'indoor',
  'uwb',
  'phone',
  'bell',
  'package',
  'warehouse',
  'shield',
  'sensor',
  'power',
] as const;

export const SCENARIOS: readonly Scenario[] = [
  { key: 'dashboard', cn: '数据看板', en: 'Dashboards', icon: 'dashboard', sort: 1 },
  { key: 'device', cn: '设备管理', en: 'Devices', icon: 'device', sort: 2 },
  { key: 'alarm', cn: '报警管理', en: 'Alarms', icon: 'alarm', sort: 3 },
  { key: 'location', cn: '定位围栏', en: 'Location and fences', icon: 'location', sort: 4 },
  { key: 'video', cn: '视频管理', en: 'Video', icon: 'video', sort: 5 },
  { key: 'face', cn: '人脸管理', en: 'Faces', icon: 'face', sort: 6 },
  { key: 'attendance', cn: '考勤管理', en: 'Attendance', icon: 'attendance', sort: 7 },
  { key: 'indoor', cn: '室内定位', en: 'Indoor positioning', icon: 'indoor', sort: 8 },
  { key: 'iot', cn: '物联网卡', en: 'SIM and billing', icon: 'sim', sort: 9 },
  { key: 'site', cn: '智慧工地', en: 'Construction site', icon: 'task', sort: 10 },
  { key: 'supervision', cn: '人员监管', en: 'Supervision', icon: 'shield', sort: 11 },
  { key: 'community', cn: '智慧社区', en: 'Community', icon: 'building', sort: 12 },
  { key: 'mall', cn: '在线商城', en: 'Mall', icon: 'mall', sort: 13 },
  { key: 'advert', cn: '广告管理', en: 'Advertising', icon: 'advert', sort: 14 },
  { key: 'org', cn: '组织权限', en: 'Organisation', icon: 'department', sort: 15 },
  { key: 'system', cn: '系统工具', en: 'System', icon: 'settings', sort: 16 },
];

export const SPEC_ROUTES: readonly SpecRoute[] = [
  // --- Admin children (docs/requirements/screens-and-routes.md#admin-children); /index is the post-login home, not a
  // pre-login page.
  { value: 'index', layout: 'admin', scenario: 'dashboard', cn: '城市看板', en: 'City dashboard', icon: 'dashboard' },
  {
    value: 'index1',
    layout: 'admin',
    scenario: 'dashboard',
    cn: '工地看板',
    en: 'Construction-site dashboard',
    icon: 'dashboard',
  },
  { value: 'index2', layout: 'admin', scenario: 'dashboard', cn: '消防看板', en: 'Fire dashboard', icon: 'dashboard' },
  {
    value: 'index3',
    layout: 'admin',
    scenario: 'dashboard',
    cn: '社区看板',
    en: 'Community dashboard',
    icon: 'dashboard',
  },
  {
    value: 'index4',
    layout: 'admin',
    scenario: 'dashboard',
    cn: '校园看板',
    en: 'Campus dashboard',
    icon: 'dashboard',
  },
  {
    value: 'index5',
    layout: 'admin',
    scenario: 'dashboard',
    cn: '监管看板',
    en: 'Supervision dashboard',
    icon: 'dashboard',
  },
  {
    value: 'index6',
    layout: 'admin',
    scenario: 'dashboard',
    cn: '综合看板',
    en: 'Overview dashboard',
    icon: 'dashboard',
  },
  { value: 'index8', layout: 'admin', scenario: 'dashboard', cn: '数据大屏', en: 'Data wall', icon: 'dashboard' },
  // table/tables are the sample menu entries of docs/requirements/screens-and-routes.md#admin-children, "list" and
  // "list2".
  { value: 'table', layout: 'admin', scenario: 'system', cn: '列表', en: 'List', icon: 'document' },
  { value: 'tables', layout: 'admin', scenario: 'system', cn: '列表二', en: 'List 2', icon: 'document' },
  { value: 'permissionManager', layout: 'admin', scenario: 'org', cn: '资源管理', en: 'Resources', icon: 'shield' },
  { value: 'productList', layout: 'admin', scenario: 'device', cn: '产品列表', en: 'Product list', icon: 'device' },
  {
    value: 'DeviceCategoryList',
    layout: 'admin',
    scenario: 'device',
    cn: '设备分类',
    en: 'Device categories',
    icon: 'device',
  },
  { value: 'DeviceList', layout: 'admin', scenario: 'device', cn: '设备列表', en: 'Device list', icon: 'device' },
  // Opened from a map marker with ?imei= (and ?key= for auto-login); query, not a path param.
  { value: 'ProDeviceList', layout: 'admin', scenario: 'device', cn: '设备档案', en: 'Device profile', icon: 'device' },
  {
    value: 'ProductGrouping',
    layout: 'admin',
    scenario: 'device',
    cn: '设备分组',
    en: 'Device groups',
    icon: 'device',
  },
  { value: 'uwbServer', layout: 'admin', scenario: 'indoor', cn: 'UWB服务', en: 'UWB server', icon: 'uwb' },
  { value: 'VCRList', layout: 'admin', scenario: 'video', cn: '视频列表', en: 'Video list', icon: 'video' },
  { value: 'CloudStorage', layout: 'admin', scenario: 'video', cn: '云存储', en: 'Cloud storage', icon: 'video' },
  { value: 'Allocate', layout: 'admin', scenario: 'device', cn: '设备分配', en: 'Device allocation', icon: 'device' },
  { value: 'picture', layout: 'admin', scenario: 'video', cn: '照片管理', en: 'Photos', icon: 'camera' },
  { value: 'newPage1', layout: 'admin', scenario: 'system', cn: '新页面', en: 'New page', icon: 'document' },
  {
    value: 'ProductionList',
    layout: 'admin',
    scenario: 'device',
    cn: '生产批次',
    en: 'Production batches',
    icon: 'package',
  },
  { value: 'fenceList', layout: 'admin', scenario: 'location', cn: '围栏列表', en: 'Fence list', icon: 'fence' },
  { value: 'userList', layout: 'admin', scenario: 'org', cn: '用户管理', en: 'Users', icon: 'user' },
  { value: 'roleList', layout: 'admin', scenario: 'org', cn: '角色管理', en: 'Roles', icon: 'role' },
  { value: 'audit', layout: 'admin', scenario: 'org', cn: '审批节点', en: 'Approval nodes', icon: 'shield' },
  { value: 'AuditNotice', layout: 'admin', scenario: 'org', cn: '请假通知', en: 'Leave notices', icon: 'bell' },
  {
    value: 'baseStationEdit',
    layout: 'admin',
    scenario: 'indoor',
    cn: '基站编辑',
    en: 'Base station editor',
    icon: 'uwb',
  },
  { value: 'videoManage', layout: 'admin', scenario: 'video', cn: '视频管理', en: 'Video management', icon: 'video' },
  { value: 'AlarmHistory', layout: 'admin', scenario: 'alarm', cn: '报警日志', en: 'Alarm log', icon: 'alarm' },
  { value: 'AnnouncementList', layout: 'admin', scenario: 'site', cn: '公告列表', en: 'Announcements', icon: 'bell' },
  { value: 'Package', layout: 'admin', scenario: 'iot', cn: '套餐管理', en: 'Packages', icon: 'package' },
  { value: 'Bill', layout: 'admin', scenario: 'iot', cn: '账单管理', en: 'Billing', icon: 'bill' },
  { value: 'DeviceSim', layout: 'admin', scenario: 'iot', cn: '设备绑卡', en: 'Device-SIM binding', icon: 'sim' },
  { value: 'Report', layout: 'admin', scenario: 'iot', cn: '报表', en: 'Reports', icon: 'chart' },
  { value: 'DownloadTask', layout: 'admin', scenario: 'iot', cn: '下载任务', en: 'Download tasks', icon: 'task' },
  { value: 'SIMCard', layout: 'admin', scenario: 'iot', cn: 'SIM卡', en: 'SIM cards', icon: 'sim' },
  { value: 'tenantList', layout: 'admin', scenario: 'org', cn: '租户管理', en: 'Tenants', icon: 'tenant' },
  {
    value: 'departmentManagement',
    layout: 'admin',
    scenario: 'org',
    cn: '部门管理',
    en: 'Departments',
    icon: 'department',
  },
  { value: 'faceList', layout: 'admin', scenario: 'face', cn: '人脸库', en: 'Face libraries', icon: 'face' },
  { value: 'FaceEntities', layout: 'admin', scenario: 'face', cn: '人脸样本', en: 'Face samples', icon: 'face' },
  {
    value: 'AttendanceList',
    layout: 'admin',
    scenario: 'attendance',
    cn: '考勤设置',
    en: 'Attendance rules',
    icon: 'attendance',
  },
  {
    value: 'AttendanceInfoList',
    layout: 'admin',
    scenario: 'attendance',
    cn: '考勤记录',
    en: 'Attendance records',
    icon: 'attendance',
  },
  {
    value: 'EdAttendanceInfoList',
    layout: 'admin',
    scenario: 'attendance',
    cn: '迟到早退',
    en: 'Late and early leave',
    icon: 'attendance',
  },
  {
    value: 'EdAbsenceList',
    layout: 'admin',
    scenario: 'attendance',
    cn: '缺勤记录',
    en: 'Absences',
    icon: 'attendance',
  },
  { value: 'Commodity', layout: 'admin', scenario: 'mall', cn: '商品库', en: 'Commodities', icon: 'mall' },
  { value: 'website', layout: 'admin', scenario: 'system', cn: '官网设置', en: 'Website', icon: 'settings' },
  {
    value: 'productionSystem',
    layout: 'admin',
    scenario: 'system',
    cn: '生产系统',
    en: 'Production system',
    icon: 'settings',
  },
  { value: 'analyze', layout: 'admin', scenario: 'dashboard', cn: '数据分析', en: 'Analytics', icon: 'chart' },
  { value: 'baseList', layout: 'admin', scenario: 'indoor', cn: 'UWB基站', en: 'UWB base stations', icon: 'uwb' },
  { value: 'drawingList', layout: 'admin', scenario: 'indoor', cn: '图纸库', en: 'Drawing library', icon: 'indoor' },
  { value: 'uwbDrawingList', layout: 'admin', scenario: 'indoor', cn: 'UWB图纸', en: 'UWB drawings', icon: 'indoor' },
  { value: 'packageList', layout: 'admin', scenario: 'iot', cn: '套餐列表', en: 'Package list', icon: 'package' },
  { value: 'bilList', layout: 'admin', scenario: 'iot', cn: '账单列表', en: 'Bill list', icon: 'bill' },
  { value: 'topup', layout: 'admin', scenario: 'iot', cn: '充值', en: 'Top-up', icon: 'bill' },
  { value: 'topup2', layout: 'admin', scenario: 'iot', cn: '充值二', en: 'Top-up 2', icon: 'bill' },
  // Breaker (air switch) commands.
  { value: 'cutoff', layout: 'admin', scenario: 'device', cn: '分闸', en: 'Open breaker', icon: 'power' },
  { value: 'closegate', layout: 'admin', scenario: 'device', cn: '合闸', en: 'Close breaker', icon: 'power' },
  { value: 'lockdie', layout: 'admin', scenario: 'device', cn: '锁定', en: 'Lock', icon: 'power' },
  { value: 'lockundie', layout: 'admin', scenario: 'device', cn: '解锁', en: 'Unlock', icon: 'power' },
  { value: 'gateay_4G', layout: 'admin', scenario: 'device', cn: '4G网关', en: '4G gateway', icon: 'device' },
  // Devices that spoke a device protocol under an identifier nobody registered (docs/protocols.md
  // "Identity"): platform super administrators register or dismiss them.
  {
    value: 'unknownDevices',
    layout: 'admin',
    scenario: 'device',
    cn: '未注册设备',
    en: 'Unknown devices',
    icon: 'device',
  },
  // OpenCellID's cell towers (docs/protocols.md "Cell towers"): LBS reports get an approximate position from them.
  { value: 'cellTowers', layout: 'admin', scenario: 'device', cn: '基站库', en: 'Cell towers', icon: 'device' },

  // --- Community and mall routes (docs/requirements/screens-and-routes.md#community-and-mall-routes); also admin
  // children.
  {
    value: 'communityManagement',
    layout: 'admin',
    scenario: 'community',
    cn: '社区管理',
    en: 'Communities',
    icon: 'building',
  },
  {
    value: 'buildingManagement',
    layout: 'admin',
    scenario: 'community',
    cn: '楼栋管理',
    en: 'Buildings',
    icon: 'building',
  },
  {
    value: 'unitManagement',
    layout: 'admin',
    scenario: 'community',
    cn: '单元管理',
    en: 'Units',
    icon: 'building',
    param: 'imei',
  },
  // Door-access rights of residents, so grouped with the community rather than org.
  {
    value: 'rightsManagement',
    layout: 'admin',
    scenario: 'community',
    cn: '门禁权限',
    en: 'Access rights',
    icon: 'shield',
  },
  { value: 'roomManagement', layout: 'admin', scenario: 'community', cn: '房间管理', en: 'Rooms', icon: 'building' },
  {
    value: 'advertisementManagement',
    layout: 'admin',
    scenario: 'advert',
    cn: '广告管理',
    en: 'Adverts',
    icon: 'advert',
  },
  {
    value: 'faceVerification',
    layout: 'admin',
    scenario: 'community',
    cn: '人脸审核',
    en: 'Face verification',
    icon: 'face',
  },
  {
    value: 'advertisingReview',
    layout: 'admin',
    scenario: 'advert',
    cn: '广告审核',
    en: 'Advert review',
    icon: 'advert',
  },
  {
    value: 'bindingReview',
    layout: 'admin',
    scenario: 'community',
    cn: '绑定审核',
    en: 'Binding review',
    icon: 'user',
  },
  {
    value: 'advertisingdistribution',
    layout: 'admin',
    scenario: 'advert',
    cn: '广告投放',
    en: 'Advert distribution',
    icon: 'advert',
  },
  {
    value: 'Manag',
    layout: 'admin',
    scenario: 'community',
    cn: '物业管理',
    en: 'Property management',
    icon: 'building',
  },
  {
    value: 'PropertyPersonnel',
    layout: 'admin',
    scenario: 'community',
    cn: '物业人员',
    en: 'Property staff',
    icon: 'user',
  },
  {
    value: 'shangquanshangcheng',
    layout: 'admin',
    scenario: 'mall',
    cn: '商圈商城',
    en: 'Business-district mall',
    icon: 'mall',
  },
  { value: 'MallData', layout: 'admin', scenario: 'mall', cn: '商城数据', en: 'Mall data', icon: 'chart' },
  { value: 'Category', layout: 'admin', scenario: 'mall', cn: '商城分类', en: 'Mall categories', icon: 'mall' },
  {
    value: 'ProductSpecifications',
    layout: 'admin',
    scenario: 'mall',
    cn: '商品规格',
    en: 'Specifications',
    icon: 'mall',
  },
  { value: 'ProductReviews', layout: 'admin', scenario: 'mall', cn: '商品评价', en: 'Product reviews', icon: 'mall' },
  {
    value: 'FreightTemplate',
    layout: 'admin',
    scenario: 'mall',
    cn: '运费模板',
    en: 'Freight templates',
    icon: 'package',
  },
  { value: 'orderManagement', layout: 'admin', scenario: 'mall', cn: '订单管理', en: 'Orders', icon: 'bill' },
  {
    value: 'AfterSalesOrders',
    layout: 'admin',
    scenario: 'mall',
    cn: '售后订单',
    en: 'After-sales orders',
    icon: 'bill',
  },
  { value: 'productManage', layout: 'admin', scenario: 'mall', cn: '商品管理', en: 'Goods', icon: 'mall' },
  { value: 'productCategory', layout: 'admin', scenario: 'mall', cn: '商品分类', en: 'Goods categories', icon: 'mall' },
  { value: 'productBanner', layout: 'admin', scenario: 'mall', cn: '商品轮播', en: 'Product banners', icon: 'advert' },
  { value: 'AddProduct', layout: 'admin', scenario: 'mall', cn: '添加商品', en: 'Add product', icon: 'mall' },

  // --- Separate /map layout, children (docs/requirements/screens-and-routes.md#map-layout-children).
  { value: 'alarmList', layout: 'map', scenario: 'alarm', cn: '报警列表', en: 'Alarm list', icon: 'alarm' },
  {
    value: 'devicelistcomponent',
    layout: 'map',
    scenario: 'device',
    cn: '设备一览',
    en: 'Device overview',
    icon: 'device',
  },
  { value: 'oxygen', layout: 'map', scenario: 'device', cn: '血氧', en: 'Blood oxygen', icon: 'sensor' },
  { value: 'harmfalgas', layout: 'map', scenario: 'device', cn: '有害气体', en: 'Harmful gas', icon: 'sensor' },
  { value: 'dtudz', layout: 'map', scenario: 'device', cn: 'DTU数据', en: 'DTU data', icon: 'sensor' },
  { value: 'xwgas', layout: 'map', scenario: 'device', cn: '可燃气体', en: 'Combustible gas', icon: 'sensor' },
  { value: 'elecCard', layout: 'map', scenario: 'iot', cn: '电卡', en: 'Electricity card', icon: 'power' },
  { value: 'waterCard', layout: 'map', scenario: 'iot', cn: '水卡', en: 'Water card', icon: 'bill' },
  { value: 'fenceInfo', layout: 'map', scenario: 'location', cn: '围栏信息', en: 'Fence info', icon: 'fence' },
  { value: 'fenceMap', layout: 'map', scenario: 'location', cn: '围栏地图', en: 'Fence map', icon: 'fence' },
  { value: 'location', layout: 'map', scenario: 'location', cn: '实时定位', en: 'Live location', icon: 'location' },
  {
    value: 'locations',
    layout: 'map',
    scenario: 'location',
    cn: '多设备定位',
    en: 'Multi-device location',
    icon: 'location',
  },
  { value: 'onlineStatus', layout: 'map', scenario: 'device', cn: '在线状态', en: 'Online status', icon: 'chart' },
  { value: 'electronic', layout: 'map', scenario: 'device', cn: '电量', en: 'Battery level', icon: 'power' },
  { value: 'altitude', layout: 'map', scenario: 'device', cn: '海拔', en: 'Altitude', icon: 'sensor' },
  { value: 'tempature_people', layout: 'map', scenario: 'device', cn: '体温', en: 'Body temperature', icon: 'sensor' },
  { value: 'heart_rate', layout: 'map', scenario: 'device', cn: '心率', en: 'Heart rate', icon: 'sensor' },
  { value: 'netSingle', layout: 'map', scenario: 'device', cn: '网络信号', en: 'Network signal', icon: 'sensor' },
  { value: 'track', layout: 'map', scenario: 'location', cn: '轨迹回放', en: 'Track playback', icon: 'map' },
  { value: 'track_gps', layout: 'map', scenario: 'location', cn: 'GPS轨迹', en: 'GPS track', icon: 'map' },
  { value: 'audio', layout: 'map', scenario: 'video', cn: '语音消息', en: 'Voice messages', icon: 'phone' },
  { value: 'vedio', layout: 'map', scenario: 'video', cn: '实时视频', en: 'Live video', icon: 'video' },
  { value: 'monitor', layout: 'map', scenario: 'video', cn: '监控中心', en: 'Monitoring centre', icon: 'camera' },
  { value: 'group', layout: 'map', scenario: 'device', cn: '设备群组', en: 'Device clusters', icon: 'device' },
  { value: 'uploadForm', layout: 'map', scenario: 'system', cn: '上传表单', en: 'Upload form', icon: 'document' },
  { value: 'Recharge', layout: 'map', scenario: 'iot', cn: '设备充值', en: 'Device recharge', icon: 'bill' },
  { value: 'Recharge2', layout: 'map', scenario: 'iot', cn: '设备充值二', en: 'Device recharge 2', icon: 'bill' },
  { value: 'figure', layout: 'map', scenario: 'dashboard', cn: '统计图', en: 'Charts', icon: 'chart' },
  { value: 'deviceReload', layout: 'map', scenario: 'device', cn: '设备重启', en: 'Device restart', icon: 'device' },
  { value: 'randomReload', layout: 'map', scenario: 'device', cn: '随机刷新', en: 'Random refresh', icon: 'device' },
  {
    value: 'allocationProcess',
    layout: 'map',
    scenario: 'device',
    cn: '分配流程',
    en: 'Allocation process',
    icon: 'task',
  },
  { value: 'indoorMap', layout: 'map', scenario: 'indoor', cn: '室内地图', en: 'Indoor map', icon: 'indoor' },
  { value: 'odor', layout: 'map', scenario: 'device', cn: '异味', en: 'Odor', icon: 'sensor' },
  { value: 'controlBar', layout: 'map', scenario: 'device', cn: '设备控制', en: 'Device control', icon: 'settings' },
  // "_jf" variants are a customer-specific copy of locations / track_gps.
  { value: 'locations_jf', layout: 'map', scenario: 'location', cn: '定位(JF)', en: 'Location (JF)', icon: 'location' },
  { value: 'Track_gps_jf', layout: 'map', scenario: 'location', cn: '轨迹(JF)', en: 'GPS track (JF)', icon: 'map' },
  { value: 'alarmTongji', layout: 'map', scenario: 'alarm', cn: '报警统计', en: 'Alarm statistics', icon: 'chart' },
  { value: 'pubMusic', layout: 'map', scenario: 'device', cn: '音乐推送', en: 'Music push', icon: 'bell' },
  { value: 'dataModel', layout: 'map', scenario: 'device', cn: '数据模型', en: 'Data model', icon: 'document' },
  { value: 'vocs', layout: 'map', scenario: 'device', cn: '挥发性有机物', en: 'VOCs', icon: 'sensor' },
  { value: 'uwbserver', layout: 'map', scenario: 'indoor', cn: 'UWB服务', en: 'UWB server', icon: 'uwb' },
  { value: 'tempature', layout: 'map', scenario: 'device', cn: '温度', en: 'Temperature', icon: 'sensor' },
  { value: 'allocation', layout: 'map', scenario: 'device', cn: '分配记录', en: 'Allocation records', icon: 'task' },
  { value: 'installationMap', layout: 'map', scenario: 'device', cn: '安装地图', en: 'Installation map', icon: 'map' },
  { value: 'tenantInfo', layout: 'map', scenario: 'org', cn: '租户信息', en: 'Tenant info', icon: 'tenant' },
  { value: 'drawingList1', layout: 'map', scenario: 'indoor', cn: '图纸列表', en: 'Drawing list', icon: 'indoor' },
  { value: 'txVideios', layout: 'map', scenario: 'video', cn: '视频会议', en: 'Video conference', icon: 'video' },
  // "tc" (弹窗) = popup variants of the admin lists.
  { value: 'VCRListtc', layout: 'map', scenario: 'video', cn: '视频弹窗', en: 'Video popup', icon: 'video' },
  { value: 'AlarmHistorytc', layout: 'map', scenario: 'alarm', cn: '报警弹窗', en: 'Alarm popup', icon: 'alarm' },
  { value: 'PhotoList', layout: 'map', scenario: 'video', cn: '照片列表', en: 'Photo list', icon: 'camera' },
  {
    value: 'AnnouncementListtc',
    layout: 'map',
    scenario: 'site',
    cn: '公告弹窗',
    en: 'Announcement popup',
    icon: 'bell',
  },
  {
    value: 'siteAnnouncement',
    layout: 'map',
    scenario: 'site',
    cn: '工地公告',
    en: 'Site announcements',
    icon: 'bell',
  },
  {
    value: 'regulatoryList',
    layout: 'map',
    scenario: 'supervision',
    cn: '监管列表',
    en: 'Supervision list',
    icon: 'shield',
  },
  {
    value: 'regulatoryUser',
    layout: 'map',
    scenario: 'supervision',
    cn: '监管人员',
    en: 'Supervised persons',
    icon: 'user',
  },
  { value: 'information', layout: 'map', scenario: 'system', cn: '信息中心', en: 'Information', icon: 'document' },
  { value: 'workPlan', layout: 'map', scenario: 'site', cn: '工作计划', en: 'Work plan', icon: 'task' },
  { value: 'manageUser', layout: 'map', scenario: 'site', cn: '管理人员', en: 'Site managers', icon: 'user' },
  { value: 'managePost', layout: 'map', scenario: 'site', cn: '岗位管理', en: 'Positions', icon: 'department' },
  { value: 'manageStorage', layout: 'map', scenario: 'site', cn: '仓库管理', en: 'Storage', icon: 'warehouse' },
  { value: 'dutyUser', layout: 'map', scenario: 'site', cn: '值班人员', en: 'On-duty staff', icon: 'user' },
  { value: 'workLog', layout: 'map', scenario: 'site', cn: '工作日志', en: 'Work log', icon: 'document' },
  { value: 'uwbfull', layout: 'map', scenario: 'indoor', cn: 'UWB全屏', en: 'UWB full screen', icon: 'uwb' },
  { value: 'paypal', layout: 'map', scenario: 'iot', cn: 'PayPal支付', en: 'PayPal', icon: 'bill' },
  { value: 'topup1', layout: 'map', scenario: 'iot', cn: '流量充值', en: 'Data top-up', icon: 'bill' },
  { value: 'province', layout: 'map', scenario: 'system', cn: '省市区', en: 'Region selector', icon: 'location' },
  { value: 'getFaceList', layout: 'map', scenario: 'face', cn: '人脸列表', en: 'Face list', icon: 'face' },
  { value: 'distribute', layout: 'map', scenario: 'face', cn: '人脸下发', en: 'Face distribution', icon: 'face' },
  {
    value: 'attendance',
    layout: 'map',
    scenario: 'attendance',
    cn: '考勤统计',
    en: 'Attendance stats',
    icon: 'attendance',
  },
  { value: 'deviceActive', layout: 'map', scenario: 'device', cn: '设备激活', en: 'Device activation', icon: 'device' },
  { value: 'deviceVoice', layout: 'map', scenario: 'device', cn: '设备语音', en: 'Device voice', icon: 'phone' },
  // Panels of the index4 dashboard.
  { value: 'index4video', layout: 'map', scenario: 'dashboard', cn: '看板视频', en: 'Dashboard video', icon: 'video' },
  {
    value: 'index4video_baba',
    layout: 'map',
    scenario: 'dashboard',
    cn: '看板视频二',
    en: 'Dashboard video 2',
    icon: 'video',
  },
  { value: 'index4map', layout: 'map', scenario: 'dashboard', cn: '看板地图', en: 'Dashboard map', icon: 'map' },
  { value: 'index4yearly', layout: 'map', scenario: 'dashboard', cn: '年度统计', en: 'Yearly stats', icon: 'chart' },
  {
    value: 'index4personnel',
    layout: 'map',
    scenario: 'dashboard',
    cn: '人员统计',
    en: 'Personnel stats',
    icon: 'chart',
  },
  {
    value: 'index4info',
    layout: 'map',
    scenario: 'dashboard',
    cn: '看板信息',
    en: 'Dashboard info',
    icon: 'dashboard',
  },
  { value: 'index4manager', layout: 'map', scenario: 'dashboard', cn: '负责人', en: 'Managers', icon: 'user' },
  { value: 'management1', layout: 'map', scenario: 'system', cn: '管理面板', en: 'Management panel', icon: 'settings' },
  { value: 'DeviceDtail', layout: 'map', scenario: 'device', cn: '设备详情', en: 'Device detail', icon: 'device' },
  { value: 'uwb', layout: 'map', scenario: 'indoor', cn: 'UWB定位', en: 'UWB positioning', icon: 'uwb' },
  { value: 'jzvideo', layout: 'map', scenario: 'video', cn: '视频墙', en: 'Video wall', icon: 'video' },
  {
    value: 'videoMonitoring',
    layout: 'map',
    scenario: 'video',
    cn: '视频监控',
    en: 'Video monitoring',
    icon: 'camera',
  },
  {
    value: 'monitoringVideo',
    layout: 'map',
    scenario: 'video',
    cn: '多人视频',
    en: 'Multi-person video',
    icon: 'camera',
  },
  { value: 'video_capture', layout: 'map', scenario: 'video', cn: '视频抓拍', en: 'Video capture', icon: 'camera' },
  // Issues an access card to a device (the card-issued notice of
  // docs/requirements/realtime-intercom.md#card-issued-notice).
  { value: 'cardAdd', layout: 'map', scenario: 'community', cn: '发卡', en: 'Issue card', icon: 'building' },
];

/** Routes every logged-in user may open, from docs/requirements/screens-and-routes.md#always-allowed-routes. */
export const ALWAYS_ALLOWED = [
  'DeviceCategoryList',
  'DeviceList',
  'fenceInfo',
  'DeviceDtail',
  'fenceMap',
  'location',
  'vedio',
  'AlarmHistory',
  'FaceEntities',
] as const;

/**
 * Pre-login routes of docs/requirements/screens-and-routes.md#pre-login-routes: opened without a session and never
 * menu-gated.
 */
export const PUBLIC_ROUTES = ['login', 'callPhone', 'roOm', 'moreRoom', 'multiVoice', 'mqtt'] as const;

export function routePath(r: Pick<SpecRoute, 'value' | 'layout'>): string {
  return r.layout === 'map' ? `/map/${r.value}` : `/${r.value}`;
}

// Names are unique across both layouts (uwbServer / uwbserver differ by case), so one key suffices.
const BY_VALUE: ReadonlyMap<string, SpecRoute> = new Map(SPEC_ROUTES.map((r) => [r.value, r]));

export function findRoute(value: string): SpecRoute | undefined {
  return BY_VALUE.get(value);
}
