import type { CodeEntry } from '../../shared/codes';
import { idField, tenantField } from '../../shared/resources/common';
import type { FieldDef, Label, ResourceDef } from '../../shared/resources/types';

/** The state of one punch of a period (spec: 0 absent, 1 normal, 2 late, 3 left early; 4 on leave is ours). */
export const PERIOD_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: 0, cn: '缺勤', en: 'Absent' },
  { value: 1, cn: '正常', en: 'Normal' },
  { value: 2, cn: '迟到', en: 'Late' },
  { value: 3, cn: '早退', en: 'Left early' },
  { value: 4, cn: '请假', en: 'On leave' },
];

/** The record's status (spec "Attendance record: on work, off work, abnormal"). */
export const RECORD_STATUS_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '上班', en: 'On work' },
  { value: 2, cn: '下班', en: 'Off work' },
  { value: 3, cn: '异常', en: 'Abnormal' },
];

/** The lists' presets: 1 late or left early (/EdAttendanceInfoList), 2 absent (/EdAbsenceList). */
export const RECORD_ISSUE = { lateEarly: 1, absent: 2 } as const;
const RECORD_ISSUE_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '迟到早退', en: 'Late or early' },
  { value: 2, cn: '缺勤', en: 'Absent' },
];

const state = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'code',
  codes: PERIOD_STATE_TABLE,
  form: false,
  list: { width: 90 },
});
const countField = (name: string, label: Label): FieldDef => ({
  name,
  label,
  type: 'integer',
  form: false,
  list: { width: 70, sortable: true },
});

/**
 * Attendance records: one computed row per worker and workday (src/server/attendance/), with the
 * spec's state per period, the counts and the status. Read-only: recomputed from the punches,
 * the rule and approved leave whenever a punch arrives, a rule changes (recompute job) or a day
 * ends (finalisation). /AttendanceInfoList lists them all, /EdAttendanceInfoList the late and
 * early ones, /EdAbsenceList the absences (presets on `issue`).
 */
const attendanceRecord: ResourceDef = {
  kind: 'user',
  name: 'attendanceRecord',
  label: /*i18n*/ { id: 'resource.attendanceRecord', message: '考勤记录' },
  routes: ['AttendanceInfoList', 'EdAttendanceInfoList', 'EdAbsenceList'],
  tenantScoped: true,
  mark: 'attendanceRecord',
  actions: ['export'],
  defaultSort: { field: 'day', order: 'desc' },
  fields: [
    idField,
    {
      name: 'day',
      label: /*i18n*/ { id: 'field.attendanceRecord.day', message: '日期' },
      type: 'date',
      form: false,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.attendance.user', message: '人员' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'departmentId',
      label: /*i18n*/ { id: 'field.attendanceRecord.department', message: '部门' },
      type: 'ref',
      ref: { kind: 'user', resource: 'department', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'ruleId',
      label: /*i18n*/ { id: 'field.attendanceRecord.rule', message: '考勤规则' },
      type: 'ref',
      ref: { kind: 'user', resource: 'attendanceRule', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'status',
      label: /*i18n*/ { id: 'field.attendanceRecord.status', message: '考勤状态' },
      type: 'code',
      codes: RECORD_STATUS_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90 },
    },
    state('amAtState', /*i18n*/ { id: 'field.attendanceRecord.amAtState', message: '上午上班' }),
    state('amEndState', /*i18n*/ { id: 'field.attendanceRecord.amEndState', message: '上午下班' }),
    state('pmAtState', /*i18n*/ { id: 'field.attendanceRecord.pmAtState', message: '下午上班' }),
    state('pmEndState', /*i18n*/ { id: 'field.attendanceRecord.pmEndState', message: '下午下班' }),
    state('eveningAtState', /*i18n*/ { id: 'field.attendanceRecord.eveningAtState', message: '晚上上班' }),
    state('eveningEndState', /*i18n*/ { id: 'field.attendanceRecord.eveningEndState', message: '晚上下班' }),
    countField('late', /*i18n*/ { id: 'field.attendanceRecord.late', message: '迟到' }),
    countField('early', /*i18n*/ { id: 'field.attendanceRecord.early', message: '早退' }),
    countField('absent', /*i18n*/ { id: 'field.attendanceRecord.absent', message: '缺勤' }),
    countField('leave', /*i18n*/ { id: 'field.attendanceRecord.leave', message: '请假' }),
    {
      name: 'firstPunch',
      label: /*i18n*/ { id: 'field.attendanceRecord.firstPunch', message: '首次打卡' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    {
      name: 'lastPunch',
      label: /*i18n*/ { id: 'field.attendanceRecord.lastPunch', message: '末次打卡' },
      type: 'datetime',
      form: false,
      list: { width: 170 },
    },
    {
      name: 'punches',
      label: /*i18n*/ { id: 'field.attendanceRecord.punches', message: '打卡次数' },
      type: 'integer',
      form: false,
      list: { width: 80 },
    },
    {
      name: 'issue',
      label: /*i18n*/ { id: 'field.attendanceRecord.issue', message: '异常类型' },
      type: 'code',
      codes: RECORD_ISSUE_TABLE,
      form: false,
      filter: 'eq',
      list: false,
    },
    tenantField,
  ],
};

export default attendanceRecord;
