/**
 * Route registry of docs/requirements/screens-and-routes.md: every screen name, its layout,
 * its demo-menu directory and its labels. Names keep the required spellings exactly
 * (typos included) because they are also menu values and permission keys.
 */

import { ADMIN_ROUTES } from './routes/admin';
import { COMMUNITY_MALL_ROUTES } from './routes/community';
import { MAP_ROUTES } from './routes/map';
import type { Scenario, SpecRoute } from './routes/types';

export type { Layout, ScenarioKey, SpecRoute } from './routes/types';

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

// In this order: it seeds the menu.
export const SPEC_ROUTES: readonly SpecRoute[] = [...ADMIN_ROUTES, ...COMMUNITY_MALL_ROUTES, ...MAP_ROUTES];

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

export function routePath(r: Pick<SpecRoute, 'value' | 'layout'>): string {
  return r.layout === 'map' ? `/map/${r.value}` : `/${r.value}`;
}

// Names are unique across both layouts (uwbServer / uwbserver differ by case), so one key suffices.
const BY_VALUE: ReadonlyMap<string, SpecRoute> = new Map(SPEC_ROUTES.map((r) => [r.value, r]));

export function findRoute(value: string): SpecRoute | undefined {
  return BY_VALUE.get(value);
}
