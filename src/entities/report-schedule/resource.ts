import type { CodeEntry } from '../../shared/codes';
import { createdAtField, HHMM_PATTERN, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** What a scheduled report holds (docs/integrations.md "Scheduled reports": each kind's sheets and columns). */
export type ReportKind = 'alarmSummary' | 'deviceAvailability' | 'attendance' | 'simUsage';
export const REPORT_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'alarmSummary', cn: '报警汇总', en: 'Alarm summary' },
  { value: 'deviceAvailability', cn: '设备在线情况', en: 'Device availability' },
  { value: 'attendance', cn: '考勤报表', en: 'Attendance' },
  { value: 'simUsage', cn: 'SIM卡用量', en: 'SIM usage' },
];
const REPORT_FREQUENCY_TABLE: readonly CodeEntry<string>[] = [
  { value: 'daily', cn: '每天', en: 'Daily' },
  { value: 'weekly', cn: '每周', en: 'Weekly' },
  { value: 'monthly', cn: '每月', en: 'Monthly' },
  { value: 'cron', cn: 'Cron 表达式', en: 'Cron expression' },
];

/** ISO weekdays, Monday first. */
const WEEKDAY_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '星期一', en: 'Monday' },
  { value: 2, cn: '星期二', en: 'Tuesday' },
  { value: 3, cn: '星期三', en: 'Wednesday' },
  { value: 4, cn: '星期四', en: 'Thursday' },
  { value: 5, cn: '星期五', en: 'Friday' },
  { value: 6, cn: '星期六', en: 'Saturday' },
  { value: 7, cn: '星期日', en: 'Sunday' },
];

/** A run's state: queued (waiting, or waiting to be retried), running, sent, failed (every attempt failed). */
export type ReportRunState = 'queued' | 'running' | 'sent' | 'failed';

/** The "run now" button's mark (src/shared/permissions.ts EXTRA_MARKS). */
export const REPORT_MARK_RUN = 'reportSchedule:run' as const;

/** One to twenty addresses separated by commas, semicolons or spaces. */
const EMAIL = '[^\\s@,;]+@[^\\s@,;]+\\.[^\\s@,;]+';
const RECIPIENTS_RE = new RegExp(`^\\s*${EMAIL}(\\s*[,;\\s]\\s*${EMAIL}){0,19}\\s*$`);

/** The addresses of a recipients field. */
export function recipientsOf(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/**
 * /reportSchedule 定时报表: reports a tenant gets by e-mail (docs/integrations.md "Scheduled
 * reports"): an HTML summary with the XLSX attached, daily, weekly or monthly at a time on the
 * tenant's clock, or on a cron expression. Each run is kept (state, attempts, the file) and shown
 * under its schedule; `nextRunAt` is computed on every write.
 */
const reportSchedule: ResourceDef = {
  kind: 'user',
  name: 'reportSchedule',
  label: /*i18n*/ { id: 'resource.reportSchedule', message: '定时报表' },
  routes: ['reportSchedule'],
  tenantScoped: true,
  mark: 'reportSchedule',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'kind',
      label: /*i18n*/ { id: 'field.reportSchedule.kind', message: '报表类型' },
      type: 'code',
      codes: REPORT_KIND_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 130 },
    },
    {
      name: 'frequency',
      label: /*i18n*/ { id: 'field.reportSchedule.frequency', message: '频率' },
      type: 'code',
      codes: REPORT_FREQUENCY_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 110 },
    },
    {
      name: 'time',
      label: /*i18n*/ { id: 'field.reportSchedule.time', message: '发送时间(时:分)' },
      type: 'text',
      max: 5,
      pattern: HHMM_PATTERN,
      list: { width: 110 },
    },
    {
      name: 'weekday',
      label: /*i18n*/ { id: 'field.reportSchedule.weekday', message: '星期(每周)' },
      type: 'code',
      codes: WEEKDAY_TABLE,
      list: { width: 100, hidden: true },
    },
    {
      name: 'monthday',
      label: /*i18n*/ { id: 'field.reportSchedule.monthday', message: '日期(每月,超出月末按最后一天)' },
      type: 'integer',
      min: 1,
      max: 31,
      list: { width: 100, hidden: true },
    },
    {
      name: 'cron',
      label: /*i18n*/ { id: 'field.reportSchedule.cron', message: 'Cron 表达式' },
      type: 'text',
      max: 100,
      list: { width: 140, hidden: true },
    },
    {
      name: 'recipients',
      label: /*i18n*/ { id: 'field.reportSchedule.recipients', message: '收件人(逗号分隔)' },
      type: 'textarea',
      required: true,
      max: 1000,
      pattern: { re: RECIPIENTS_RE, message: 'emailInvalid' },
      // A list of e-mail addresses: hidden whole from those not shown personal data (one mask per address would miss the rest).
      personal: 'special',
      list: { width: 220 },
    },
    {
      name: 'enabled',
      label: /*i18n*/ { id: 'field.reportSchedule.enabled', message: '启用' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'nextRunAt',
      label: /*i18n*/ { id: 'field.reportSchedule.nextRunAt', message: '下次发送' },
      type: 'datetime',
      form: false,
      list: { width: 170, sortable: true },
    },
    {
      name: 'lastRunAt',
      label: /*i18n*/ { id: 'field.reportSchedule.lastRunAt', message: '上次发送' },
      type: 'datetime',
      form: false,
      list: { width: 170, hidden: true },
    },
    tenantField,
    createdAtField,
  ],
};

export default reportSchedule;
