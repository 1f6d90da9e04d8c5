import { STATUS_TABLE } from '../codes';
import type { FieldDef, Label } from './types';

// Labels several resources share, so each is translated once.
export const SHARED_LABELS = {
  id: /*i18n*/ { id: 'field.id', message: '编号' },
  name: /*i18n*/ { id: 'field.name', message: '名称' },
  status: /*i18n*/ { id: 'field.status', message: '状态' },
  sort: /*i18n*/ { id: 'field.sort', message: '排序' },
  createdAt: /*i18n*/ { id: 'field.createdAt', message: '创建时间' },
  phone: /*i18n*/ { id: 'field.phone', message: '电话' },
  address: /*i18n*/ { id: 'field.address', message: '地址' },
  description: /*i18n*/ { id: 'field.description', message: '描述' },
  parent: /*i18n*/ { id: 'field.parent', message: '上级' },
  tenant: /*i18n*/ { id: 'field.tenant', message: '所属企业' },
} satisfies Record<string, Label>;

export const idField: FieldDef = {
  name: 'id',
  label: SHARED_LABELS.id,
  type: 'integer',
  form: false,
  list: { width: 80, fixed: 'left', sortable: true },
};
export const createdAtField: FieldDef = {
  name: 'createdAt',
  label: SHARED_LABELS.createdAt,
  type: 'datetime',
  form: false,
  list: { width: 170, sortable: true },
  filter: 'range',
};
export const statusField: FieldDef = {
  name: 'status',
  label: SHARED_LABELS.status,
  type: 'code',
  codes: STATUS_TABLE,
  required: true,
  filter: 'eq',
  list: { width: 90 },
};
export const sortField: FieldDef = {
  name: 'sort',
  label: SHARED_LABELS.sort,
  type: 'integer',
  min: 0,
  max: 100_000,
  list: { width: 80, sortable: true },
};
/**
 * `field` as a column its list starts without (FieldDef.list.hidden), on every route of the
 * resource or on `routes` only: for the shared fields (id, company, creation time) a list has no
 * room for at 1366 px.
 */
export function hiddenColumn(field: FieldDef, routes?: readonly [string, ...string[]]): FieldDef {
  if (field.list === false) return field;
  return { ...field, list: { ...field.list, hidden: routes ?? true } };
}

/** The owning company of a tenant-scoped row: shown and filtered, set by the service. */
export const tenantField: FieldDef = {
  name: 'tenantId',
  label: SHARED_LABELS.tenant,
  type: 'ref',
  ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
  form: false,
  filter: 'eq',
  list: { width: 150 },
};

/** A time of day field's pattern (HH:MM, 00:00-23:59). */
export const HHMM_PATTERN = { re: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'timeInvalid' } as const;
