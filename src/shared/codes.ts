/**
 * Code tables shared by the service (stored integers) and the console (labels, filters).
 * Labels are the Chinese source and English; the console translates through Lingui.
 */
import { RESOURCE_TYPE, USER_KINDS, type UserKind } from './session';
import { DEVICE_KINDS, KIND_INFO } from './devices/kinds';

export interface CodeEntry<V extends number | string = number> {
  value: V;
  cn: string;
  en: string;
}

/** Tenants, users and resources: 1 enabled, 0 disabled (docs/requirements/states-and-codes.md#generic-status). */
export const STATUS = { disabled: 0, enabled: 1 } as const;

/** Rows of soft-deleting resources: 1 normal, 2 deleted (in the recycle bin until restored). */
export const SOFT_STATUS = { normal: 1, deleted: 2 } as const;
export const SOFT_STATUS_TABLE: readonly CodeEntry[] = [
  { value: SOFT_STATUS.normal, cn: '正常', en: 'Normal' },
  { value: SOFT_STATUS.deleted, cn: '已删除', en: 'Deleted' },
];
export type StatusValue = (typeof STATUS)[keyof typeof STATUS];

export const GENDER = { unknown: 0, male: 1, female: 2 } as const;
export type GenderValue = (typeof GENDER)[keyof typeof GENDER];

export const STATUS_TABLE: readonly CodeEntry[] = [
  { value: STATUS.enabled, cn: '启用', en: 'Enabled' },
  { value: STATUS.disabled, cn: '禁用', en: 'Disabled' },
];

export const GENDER_TABLE: readonly CodeEntry[] = [
  { value: GENDER.unknown, cn: '未知', en: 'Unknown' },
  { value: GENDER.male, cn: '男', en: 'Male' },
  { value: GENDER.female, cn: '女', en: 'Female' },
];

export const RESOURCE_TYPE_TABLE: readonly CodeEntry[] = [
  { value: RESOURCE_TYPE.directory, cn: '目录', en: 'Directory' },
  { value: RESOURCE_TYPE.menu, cn: '菜单', en: 'Menu' },
  { value: RESOURCE_TYPE.button, cn: '按钮', en: 'Button' },
];

/**
 * Enterprise upgrade applications (docs/requirements/states-and-codes.md#reviews-and-approvals): 1 pending, 2 passed,
 * 3 failed.
 */
export const APPLICATION_STATUS = { pending: 1, passed: 2, failed: 3 } as const;

export const APPLICATION_REVIEW_TABLE: readonly CodeEntry[] = [
  { value: APPLICATION_STATUS.pending, cn: '待审核', en: 'Pending' },
  { value: APPLICATION_STATUS.passed, cn: '已通过', en: 'Passed' },
  { value: APPLICATION_STATUS.failed, cn: '未通过', en: 'Failed' },
];

const USER_KIND_LABELS: Record<UserKind, { cn: string; en: string }> = {
  super: { cn: '超级管理员', en: 'Super administrator' },
  admin: { cn: '管理员', en: 'Administrator' },
  user: { cn: '用户', en: 'User' },
  visitor: { cn: '访客', en: 'Visitor' },
  integration: { cn: '集成密钥', en: 'Integration key' },
};

export const USER_KIND_TABLE: readonly CodeEntry<UserKind>[] = USER_KINDS.map((value) => ({
  value,
  ...USER_KIND_LABELS[value],
}));

/** Label of a code in a table, falling back to the raw value for unknown codes. */
export function codeLabel<V extends number | string>(
  table: readonly CodeEntry<V>[],
  value: V,
  lang: 'cn' | 'en' = 'cn',
): string {
  const entry = table.find((e) => e.value === value);
  return entry ? entry[lang] : String(value);
}

/**
 * Device state (docs/requirements/states-and-codes.md#device-state): 0 offline, 1 online, 2 not activated, anything
 * else abnormal.
 */
export const DEVICE_STATE = { offline: 0, online: 1, inactive: 2, abnormal: 3 } as const;

export const DEVICE_STATE_TABLE: readonly CodeEntry[] = [
  { value: DEVICE_STATE.online, cn: '在线', en: 'Online' },
  { value: DEVICE_STATE.offline, cn: '离线', en: 'Offline' },
  { value: DEVICE_STATE.inactive, cn: '未激活', en: 'Not activated' },
  { value: DEVICE_STATE.abnormal, cn: '异常', en: 'Abnormal' },
];

/** Device lifecycle of docs/requirements/states-and-codes.md#status-words (the stock flow). */
export const STOCK_STATE = { pendingIn: 0, inStock: 1, assigned: 2, unbound: 3, recycled: 4, bound: 5 } as const;
export type StockState = (typeof STOCK_STATE)[keyof typeof STOCK_STATE];

export const STOCK_STATE_TABLE: readonly CodeEntry[] = [
  { value: STOCK_STATE.pendingIn, cn: '待入库', en: 'Pending stock-in' },
  { value: STOCK_STATE.inStock, cn: '已入库', en: 'In stock' },
  { value: STOCK_STATE.assigned, cn: '已分配未绑定', en: 'Assigned, unbound' },
  { value: STOCK_STATE.unbound, cn: '已解绑', en: 'Unbound' },
  { value: STOCK_STATE.recycled, cn: '已回收', en: 'Recycled' },
  { value: STOCK_STATE.bound, cn: '已绑定', en: 'Bound' },
];

/**
 * Command delivery (docs/requirements/states-and-codes.md#command-delivery): 1 not sent, 3 sent successfully, 4
 * failed.
 */
export const DELIVERY = { notSent: 1, sent: 3, failed: 4 } as const;

export const DELIVERY_TABLE: readonly CodeEntry[] = [
  { value: DELIVERY.notSent, cn: '未发送', en: 'Not sent' },
  { value: DELIVERY.sent, cn: '发送成功', en: 'Sent successfully' },
  { value: DELIVERY.failed, cn: '发送失败', en: 'Failed' },
];

export const NET_TYPE_TABLE: readonly CodeEntry<string>[] = [
  { value: '4G', cn: '4G', en: '4G' },
  { value: 'NB', cn: 'NB-IoT', en: 'NB-IoT' },
];

/** Payload encoding a device uses (docs/requirements/entities.md#device, message type). */
export const MESSAGE_TYPE_TABLE: readonly CodeEntry<string>[] = [
  { value: 'json', cn: 'JSON', en: 'JSON' },
  { value: 'cbor', cn: '紧凑二进制', en: 'Compact binary (CBOR)' },
];

/** Mains power (docs/requirements/states-and-codes.md#device-readings): 1 yes, 0 no. */
/** A breaker's switch as it reports it (metric `closed`): 1 closed (合闸, power on), 0 open (分闸). */
export const BREAKER_SWITCH_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '合闸', en: 'Closed' },
  { value: 0, cn: '分闸', en: 'Open' },
];

/** A breaker's lock (metric `locked`): a locked breaker refuses open and close. */
export const BREAKER_LOCK_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '已锁定', en: 'Locked' },
  { value: 0, cn: '未锁定', en: 'Unlocked' },
];

export const MAINS_POWER_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '有市电', en: 'On mains' },
  { value: 0, cn: '无市电', en: 'No mains' },
];

export const YES_NO_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '是', en: 'Yes' },
  { value: 0, cn: '否', en: 'No' },
];

/** Entries of the allocation log (/allocationProcess). */
export const ALLOCATION_ACTION = { stockIn: 1, allocate: 2, bind: 3, unbind: 4, recycle: 5 } as const;

export const ALLOCATION_ACTION_TABLE: readonly CodeEntry[] = [
  { value: ALLOCATION_ACTION.stockIn, cn: '入库', en: 'Stock-in' },
  { value: ALLOCATION_ACTION.allocate, cn: '分配', en: 'Allocate' },
  { value: ALLOCATION_ACTION.bind, cn: '绑定', en: 'Bind' },
  { value: ALLOCATION_ACTION.unbind, cn: '解绑', en: 'Unbind' },
  { value: ALLOCATION_ACTION.recycle, cn: '回收', en: 'Recycle' },
];

export const DEVICE_KIND_TABLE: readonly CodeEntry<string>[] = DEVICE_KINDS.map((value) => ({
  value,
  cn: KIND_INFO[value].cn,
  en: KIND_INFO[value].en,
}));
