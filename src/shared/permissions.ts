/**
 * Button permission marks (docs/requirements/roles-and-permissions.md#roles-and-resources). Each mark is a button
 * resource under the menu of the screen it acts on; the service checks the mark on every route that changes data,
 * the console only hides what the user lacks. Marks are `<entity>:<action>`.
 */
import type { CrudAction, ResourceDef } from './resources/types';

const CRUD_ACTIONS: readonly CrudAction[] = ['add', 'update', 'delete', 'export', 'import'];

const ACTION_LABELS: Record<CrudAction, { cn: string; en: string }> = {
  add: { cn: '新增', en: 'Add' },
  update: { cn: '修改', en: 'Edit' },
  delete: { cn: '删除', en: 'Delete' },
  export: { cn: '导出', en: 'Export' },
  import: { cn: '导入', en: 'Import' },
};

/**
 * Entities managed through the generic resource routes, with the menu (route name) their buttons sit
 * under. A resource whose mark is not listed here gets its buttons from its registry entry instead
 * (resourceMarks below), so an entity folder (src/entities/) needs no line here.
 */
const MARK_ENTITIES = {
  tenant: { route: 'tenantList', cn: '租户', en: 'tenant' },
  department: { route: 'departmentManagement', cn: '部门', en: 'department' },
  user: { route: 'userList', cn: '用户', en: 'user' },
  role: { route: 'roleList', cn: '角色', en: 'role' },
  resource: { route: 'permissionManager', cn: '资源', en: 'resource' },
  product: { route: 'productList', cn: '产品', en: 'product' },
  deviceCategory: { route: 'DeviceCategoryList', cn: '设备类别', en: 'device category' },
  device: { route: 'DeviceList', cn: '设备', en: 'device' },
  fence: { route: 'fenceList', cn: '围栏', en: 'geofence' },
  announcement: { route: 'AnnouncementList', cn: '公告', en: 'announcement' },
  audit: { route: 'table', cn: '操作日志', en: 'audit log' },
} as const;
type MarkEntity = keyof typeof MARK_ENTITIES;

/** Marks beyond the CRUD set. */
const EXTRA_MARKS = {
  'device:link': { route: 'DeviceList', cn: '生成设备登录链接', en: 'Create device login link' },
  'device:command': { route: 'DeviceList', cn: '下发指令', en: 'Send command' },
  'device:allocate': { route: 'DeviceList', cn: '分配设备', en: 'Allocate devices' },
  'device:secret': { route: 'DeviceList', cn: '查看设备密钥', en: 'View device secret' },
  'device:rawCommand': { route: 'DeviceList', cn: '下发原始指令', en: 'Send raw command' },
  'user:resetPassword': { route: 'userList', cn: '重置密码', en: 'Reset password' },
  'user:grantRole': { route: 'userList', cn: '分配角色', en: 'Assign roles' },
  'role:grant': { route: 'roleList', cn: '分配资源', en: 'Assign resources' },
  'announcement:approve': { route: 'AnnouncementList', cn: '审核公告', en: 'Approve announcement' },
  'announcement:publish': { route: 'AnnouncementList', cn: '发布/撤回公告', en: 'Publish and withdraw announcements' },
  'alarm:handle': { route: 'AlarmHistory', cn: '处理报警', en: 'Handle alarms' },
  'advertisement:review': { route: 'advertisingReview', cn: '审核广告', en: 'Review advertisements' },
  'resident:review': { route: 'bindingReview', cn: '审核绑定', en: 'Review bindings' },
  'accessCard:issue': { route: 'cardAdd', cn: '发卡', en: 'Issue cards' },
  'advertisement:distribute': { route: 'advertisingdistribution', cn: '投放广告', en: 'Distribute advertisements' },
  'faceReview:review': { route: 'faceVerification', cn: '审核人脸', en: 'Review faces' },
  'faceDistribution:distribute': { route: 'distribute', cn: '下发人脸库', en: 'Distribute face libraries' },
  'mallOrder:ship': { route: 'orderManagement', cn: '发货', en: 'Ship orders' },
  'mallOrder:cancel': { route: 'orderManagement', cn: '取消/退款订单', en: 'Cancel or refund orders' },
  'afterSale:review': { route: 'AfterSalesOrders', cn: '审核售后', en: 'Review after-sales requests' },
  'simCard:suspend': { route: 'SIMCard', cn: '停机/复机', en: 'Suspend and resume SIM cards' },
  'simCard:sync': { route: 'SIMCard', cn: '同步用量', en: 'Sync SIM card usage' },
  'simCard:bind': { route: 'DeviceSim', cn: '绑卡/解绑', en: 'Bind and unbind SIM cards' },
  'simCard:changePackage': { route: 'SIMCard', cn: '变更套餐', en: 'Change SIM card package' },
  'utilityAccount:reading': { route: 'elecCard', cn: '手工抄表', en: 'Enter meter readings' },
  'utilityAccount:topup': { route: 'elecCard', cn: '水电充值', en: 'Top up utility accounts' },
  'payment:refund': { route: 'paypal', cn: '退款', en: 'Refund payments' },
  'payment:manage': { route: 'paypal', cn: '关闭/同步支付单', en: 'Close and sync payments' },
  'bill:refund': { route: 'Bill', cn: '账单退款', en: 'Refund bills' },
  'productReview:review': { route: 'ProductReviews', cn: '审核/回复评价', en: 'Moderate and reply to reviews' },
  'monitoredPerson:checkIn': { route: 'regulatoryList', cn: '人工签到', en: 'Check monitored persons in' },
  'camera:watchDevice': { route: 'monitor', cn: '远程开启设备摄像头', en: "Turn a device's camera on from the wall" },
  // Integration keys (src/entities/integration-key): adding answers the secret, so it is no generic add.
  'integrationKey:add': { route: 'integrationKeyList', cn: '新增集成密钥', en: 'Add integration key' },
  'integrationKey:revoke': { route: 'integrationKeyList', cn: '吊销集成密钥', en: 'Revoke integration key' },
  'integrationKey:rotate': { route: 'integrationKeyList', cn: '轮换集成密钥', en: 'Rotate integration key' },
  'reportSchedule:run': { route: 'reportSchedule', cn: '立即发送报表', en: 'Send a scheduled report now' },
} as const;

/** 'workOrder' -> 'work order': the English name of a derived mark's buttons. */
const words = (mark: string) => mark.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * Buttons of the registered resources whose mark MARK_ENTITIES does not list: one per action the
 * resource offers, under its home route (the first of `routes`), named after its label.
 */
const resourceMarks = (resources: readonly ResourceDef[]) =>
  [
    ...new Map(
      resources.filter((def) => !Object.hasOwn(MARK_ENTITIES, def.mark)).map((def) => [def.mark, def]),
    ).values(),
  ].flatMap((def) =>
    (def.actions ?? CRUD_ACTIONS).map((action) => ({
      mark: `${def.mark}:${action}`,
      route: def.routes[0],
      cn: `${ACTION_LABELS[action].cn}${def.label.message}`,
      en: `${ACTION_LABELS[action].en} ${words(def.mark)}`,
    })),
  );

/** A mark of MARK_ENTITIES or EXTRA_MARKS; the marks derived by resourceMarks are plain strings (checked at run time). */
export type PermissionMark = `${MarkEntity}:${CrudAction}` | keyof typeof EXTRA_MARKS;

/** The mark that authorises creating auto-login tickets (`POST /api/auth/ticket/create`). */
export const MARK_DEVICE_LINK: PermissionMark = 'device:link';

export interface ButtonPermission {
  mark: PermissionMark;
  /** route name of the menu the button belongs to */
  route: string;
  cn: string;
  en: string;
}

/**
 * Every button permission, given the registered resources (src/entities/registry.ts passes RESOURCES
 * and keeps the list as BUTTON_PERMISSIONS).
 */
export function buttonPermissions(resources: readonly ResourceDef[]): ButtonPermission[] {
  return [
    ...(Object.entries(MARK_ENTITIES) as [MarkEntity, (typeof MARK_ENTITIES)[MarkEntity]][]).flatMap(([entity, e]) =>
      CRUD_ACTIONS.map((action) => ({
        mark: `${entity}:${action}` as PermissionMark,
        route: e.route,
        cn: `${ACTION_LABELS[action].cn}${e.cn}`,
        en: `${ACTION_LABELS[action].en} ${e.en}`,
      })),
    ),
    ...(Object.entries(EXTRA_MARKS) as [PermissionMark, { route: string; cn: string; en: string }][]).map(
      ([mark, b]) => ({
        mark,
        ...b,
      }),
    ),
    ...resourceMarks(resources).map((b) => ({ ...b, mark: b.mark as PermissionMark })),
  ];
}

/** Marks granted to super administrators: every mark, spelled once. */
export const ALL_MARKS_GRANT = '*';

export function hasMark(marks: readonly string[], mark: PermissionMark): boolean {
  return marks.includes(ALL_MARKS_GRANT) || marks.includes(mark);
}
