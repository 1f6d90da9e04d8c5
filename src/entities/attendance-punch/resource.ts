import type { CodeEntry } from '../../shared/codes';
import { idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Where a punch came from (attendance_punches.source). */
export const PUNCH_SOURCE = { console: 1, helmet: 2, wristband: 3, faceDoor: 4, phone: 5 } as const;
export type PunchSource = (typeof PUNCH_SOURCE)[keyof typeof PUNCH_SOURCE];

const PUNCH_SOURCE_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '控制台', en: 'Console' },
  { value: 2, cn: '安全帽', en: 'Helmet' },
  { value: 3, cn: '手环(UWB)', en: 'Wristband (UWB)' },
  { value: 4, cn: '人脸门口机', en: 'Face door unit' },
  { value: 5, cn: '巡逻手机', en: 'Patrol phone' },
];

/**
 * The raw punches attendance is computed from (src/server/attendance/): one row per punch of a
 * worker (a user of the tenant), from the console's punch button, a helmet worn inside the site
 * fence, a wristband at a UWB zone or a face at a door unit. Written only through `recordPunch`
 * (./punch.ts), which recomputes that worker's day; the list is read-only (export).
 */
const attendancePunch: ResourceDef = {
  kind: 'user',
  name: 'attendancePunch',
  label: /*i18n*/ { id: 'resource.attendancePunch', message: '打卡记录' },
  routes: ['AttendanceInfoList'],
  tenantScoped: true,
  mark: 'attendancePunch',
  actions: ['export'],
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    idField,
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.attendance.user', message: '人员' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'at',
      label: /*i18n*/ { id: 'field.attendancePunch.at', message: '打卡时间' },
      type: 'datetime',
      form: false,
      filter: 'range',
      list: { width: 170, sortable: true },
    },
    {
      name: 'source',
      label: /*i18n*/ { id: 'field.attendancePunch.source', message: '来源' },
      type: 'code',
      codes: PUNCH_SOURCE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.imei', message: 'IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      list: { width: 150 },
    },
    {
      name: 'note',
      label: /*i18n*/ { id: 'field.attendancePunch.note', message: '备注' },
      type: 'text',
      form: false,
      max: 200,
      list: { width: 160 },
    },
    tenantField,
  ],
};

export default attendancePunch;
