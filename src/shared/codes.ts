/**
 * Code tables shared by the service (stored integers) and the console (labels, filters).
 * Labels are the Chinese source and English; the console translates through Lingui.
 */
import { RESOURCE_TYPE, USER_KINDS, type UserKind } from './auth';

export interface CodeEntry<V extends number | string = number> {
  value: V;
  cn: string;
  en: string;
}

/** Tenants, users and resources: 1 enabled, 0 disabled (spec core 3 "status"). */
export const STATUS = { disabled: 0, enabled: 1 } as const;
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

/** Enterprise upgrade applications (spec core 6): 1 pending, 2 passed, 3 failed. */
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
