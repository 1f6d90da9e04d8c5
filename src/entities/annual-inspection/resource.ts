import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Days before the next inspection when the reminder goes out, unless the inspection says otherwise. */
export const DEFAULT_REMIND_DAYS = 7;

/** Where an inspection stands against its next time (computed, not stored). */
export const INSPECTION_DUE = { ok: 0, dueSoon: 1, overdue: 2 } as const;
export const INSPECTION_DUE_TABLE: readonly CodeEntry<number>[] = [
  { value: INSPECTION_DUE.ok, cn: '正常', en: 'OK' },
  { value: INSPECTION_DUE.dueSoon, cn: '即将到期', en: 'Due soon' },
  { value: INSPECTION_DUE.overdue, cn: '已逾期', en: 'Overdue' },
];

const A = {
  inspector: /*i18n*/ { id: 'field.annualInspection.inspector', message: '年检人' },
  inspectedAt: /*i18n*/ { id: 'field.annualInspection.inspectedAt', message: '年检时间' },
  nextAt: /*i18n*/ { id: 'field.annualInspection.nextAt', message: '下次年检时间' },
  remindDays: /*i18n*/ { id: 'field.annualInspection.remindDays', message: '提前提醒(天)' },
  remindedAt: /*i18n*/ { id: 'field.annualInspection.remindedAt', message: '已提醒时间' },
  due: /*i18n*/ { id: 'field.annualInspection.due', message: '到期状态' },
  note: /*i18n*/ { id: 'field.annualInspection.note', message: '备注' },
};

/**
 * Annual inspections of the site's equipment (a tab of /dutyUser:
 * docs/requirements/screens-and-routes.md#screens-by-label names the screen but no route of its
 * own): name, inspector, time, next time. `remindDays` before the next time (default 7) the
 * operators of the company get one notice (./remind.ts, hourly); `remindedAt` records it and is
 * cleared when the next time changes. `due` is computed: ok, due soon, overdue.
 */
const annualInspection: ResourceDef = {
  kind: 'user',
  name: 'annualInspection',
  label: /*i18n*/ { id: 'resource.annualInspection', message: '年检' },
  routes: ['dutyUser'],
  tenantScoped: true,
  mark: 'annualInspection',
  defaultSort: { field: 'nextAt', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.annualInspection.name', message: '年检名称' },
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'inspector',
      label: A.inspector,
      type: 'text',
      required: true,
      max: 32,
      keyword: true,
      list: { width: 120 },
    },
    {
      name: 'inspectedAt',
      label: A.inspectedAt,
      type: 'date',
      required: true,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'nextAt',
      label: A.nextAt,
      type: 'date',
      required: true,
      filter: 'range',
      list: { width: 130, sortable: true },
    },
    { name: 'remindDays', label: A.remindDays, type: 'integer', min: 0, max: 365, list: { width: 110 } },
    {
      name: 'due',
      label: A.due,
      type: 'code',
      codes: INSPECTION_DUE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    { name: 'remindedAt', label: A.remindedAt, type: 'datetime', form: false, list: { width: 170 } },
    { name: 'note', label: A.note, type: 'textarea', max: 200, list: { width: 180 } },
    tenantField,
    createdAtField,
  ],
};

export default annualInspection;
