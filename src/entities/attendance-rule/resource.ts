import { STATUS_TABLE, type CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { FieldDef, Label, ResourceDef } from '../../shared/resources/types';

/**
 * Attendance type (spec "Attendance type": 1 big week, 2 small week, 3 alternating), the weekdays
 * a rule counts as workdays (docs/decisions.md "Attendance"):
 * - 1 big week (大周, two-day weekend): Monday to Friday;
 * - 2 small week (小周, one-day weekend): Monday to Saturday;
 * - 3 alternating (大小周): odd ISO weeks are big weeks (Mon-Fri), even ISO weeks small (Mon-Sat).
 * Holidays of the rule are never workdays.
 */
export const ATTENDANCE_TYPE = { bigWeek: 1, smallWeek: 2, alternating: 3 } as const;
const ATTENDANCE_TYPE_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '大周(双休)', en: 'Big week (Mon-Fri)' },
  { value: 2, cn: '小周(单休)', en: 'Small week (Mon-Sat)' },
  { value: 3, cn: '大小周交替', en: 'Alternating' },
];

/**
 * Punches a day: 2 (in at the morning's start, out at the afternoon's end), 4 (morning and
 * afternoon, in and out each) or 6 (and the evening).
 */
const PUNCH_COUNT_TABLE: readonly CodeEntry<number>[] = [
  { value: 2, cn: '2次', en: '2 punches' },
  { value: 4, cn: '4次', en: '4 punches' },
  { value: 6, cn: '6次', en: '6 punches' },
];

export const HHMM_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
const HHMM = { re: HHMM_RE, message: 'timeInvalid' } as const;
/** A holidays list: days YYYY-MM-DD separated by commas, spaces or new lines. */
const HOLIDAYS_RE = /^\s*(\d{4}-\d{2}-\d{2}(\s*[,，\s]\s*\d{4}-\d{2}-\d{2})*)?\s*$/;

const time = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'text',
  max: 5,
  pattern: HHMM,
  list: { width: 80 },
});

/**
 * /AttendanceList, the attendance rules (spec "Attendance rule"): punch count, attendance type,
 * and per period the start (on-duty time: a punch up to it is normal), the late limit (a punch
 * after the start and up to it is late; later, the period's in-punch counts as absent) and the
 * end (off-duty time: an out-punch before it is leaving early). The noon cut-off splits the
 * morning's punches from the afternoon's (default: half way between the morning's end and the
 * afternoon's start). Holidays are days off. The rule applies to the users and departments it
 * names; a rule naming neither is the company's default (the first such enabled rule).
 * Computation: src/server/attendance/compute.ts.
 */
const attendanceRule: ResourceDef = {
  kind: 'user',
  name: 'attendanceRule',
  label: /*i18n*/ { id: 'resource.attendanceRule', message: '考勤规则' },
  routes: ['AttendanceList'],
  tenantScoped: true,
  mark: 'attendanceRule',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.attendanceRule.name', message: '规则名称' },
      type: 'text',
      required: true,
      max: 60,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'punchCount',
      label: /*i18n*/ { id: 'field.attendanceRule.punchCount', message: '打卡次数' },
      type: 'code',
      codes: PUNCH_COUNT_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.attendanceRule.type', message: '考勤类型' },
      type: 'code',
      codes: ATTENDANCE_TYPE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 120 },
    },
    time('amStart', /*i18n*/ { id: 'field.attendanceRule.amStart', message: '上午上班' }),
    time('amLate', /*i18n*/ { id: 'field.attendanceRule.amLate', message: '上午迟到限' }),
    time('amEnd', /*i18n*/ { id: 'field.attendanceRule.amEnd', message: '上午下班' }),
    time('noonCutoff', /*i18n*/ { id: 'field.attendanceRule.noonCutoff', message: '中午分界' }),
    time('pmStart', /*i18n*/ { id: 'field.attendanceRule.pmStart', message: '下午上班' }),
    time('pmLate', /*i18n*/ { id: 'field.attendanceRule.pmLate', message: '下午迟到限' }),
    time('pmEnd', /*i18n*/ { id: 'field.attendanceRule.pmEnd', message: '下午下班' }),
    time('eveningStart', /*i18n*/ { id: 'field.attendanceRule.eveningStart', message: '晚上上班' }),
    time('eveningLate', /*i18n*/ { id: 'field.attendanceRule.eveningLate', message: '晚上迟到限' }),
    time('eveningEnd', /*i18n*/ { id: 'field.attendanceRule.eveningEnd', message: '晚上下班' }),
    {
      name: 'holidays',
      label: /*i18n*/ { id: 'field.attendanceRule.holidays', message: '节假日' },
      type: 'textarea',
      max: 4000,
      pattern: { re: HOLIDAYS_RE, message: 'dateInvalid' },
      list: { width: 200 },
    },
    {
      name: 'departmentIds',
      label: /*i18n*/ { id: 'field.attendanceRule.departments', message: '适用部门' },
      type: 'refs',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'userIds',
      label: /*i18n*/ { id: 'field.attendanceRule.users', message: '适用人员' },
      type: 'refs',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'status',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: STATUS_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default attendanceRule;
