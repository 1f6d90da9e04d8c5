import {
  ALARM_HANDLE_TABLE,
  ALARM_LEVEL_TABLE,
  ALARM_READ_TABLE,
  ALARM_TYPE_NUMBERS,
  ALARM_TYPES,
} from '../../shared/alarms/types';
import { DEVICE_KIND_TABLE, type CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

const ALARM_TYPE_TABLE: readonly CodeEntry[] = ALARM_TYPE_NUMBERS.map((value) => ({
  value,
  cn: ALARM_TYPES[value].cn,
  en: ALARM_TYPES[value].en,
}));

const A = {
  type: /*i18n*/ { id: 'field.alarm.type', message: '报警类型' },
  time: /*i18n*/ { id: 'field.alarm.ts', message: '报警时间' },
};

/**
 * Alarm records (/AlarmHistory, docs/requirements/entities.md#video-and-alarms): written by the alarm engine only, so
 * list, get and export; read and handle are routes of their own (src/server/routes/device/alarm.ts).
 * Field names are those of alarmRecordSchema (src/shared/alarms/push.ts).
 */
const alarmResource: ResourceDef = {
  kind: 'device',
  name: 'alarm',
  label: /*i18n*/ { id: 'resource.alarm', message: '报警记录' },
  routes: ['AlarmHistory'],
  tenantScoped: true,
  // The export button sits with the device marks, like the other device logs.
  mark: 'device',
  defaultSort: { field: 'ts', order: 'desc' },
  actions: ['export'],
  // /AlarmHistory orders its columns (src/client/features/alarms/historyDef.ts); at 1366 px it
  // starts with level, type, device, value, time and handling state.
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.alarm.title', message: '标题' },
      type: 'text',
      list: { width: 140, hidden: true },
    },
    {
      name: 'type',
      label: A.type,
      type: 'code',
      codes: ALARM_TYPE_TABLE,
      filter: 'eq',
      list: { width: 130, sortable: true },
    },
    {
      name: 'level',
      label: /*i18n*/ { id: 'field.alarm.level', message: '报警级别' },
      type: 'code',
      codes: ALARM_LEVEL_TABLE,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.device.imei', message: 'IMEI' },
      type: 'text',
      keyword: true,
      filter: 'like',
      list: { width: 170, sortable: true },
    },
    {
      name: 'deviceName',
      label: /*i18n*/ { id: 'field.alarm.deviceName', message: '设备名称' },
      type: 'text',
      keyword: true,
      filter: 'like',
      list: { width: 150 },
    },
    {
      name: 'deviceKind',
      label: /*i18n*/ { id: 'field.device.kind', message: '设备类型' },
      type: 'code',
      codes: DEVICE_KIND_TABLE,
      filter: 'in',
      list: { width: 120 },
    },
    {
      name: 'personName',
      label: /*i18n*/ { id: 'field.device.personName', message: '责任人' },
      type: 'text',
      keyword: true,
      list: { width: 110, hidden: true },
    },
    {
      name: 'personPhone',
      label: /*i18n*/ { id: 'field.device.personPhone', message: '责任人电话' },
      type: 'text',
      keyword: true,
      list: { width: 130 },
    },
    {
      name: 'value',
      label: /*i18n*/ { id: 'field.alarm.value', message: '数值' },
      type: 'decimal',
      list: { width: 90 },
    },
    {
      name: 'threshold',
      label: /*i18n*/ { id: 'field.alarm.threshold', message: '阈值' },
      type: 'decimal',
      list: { width: 90 },
    },
    {
      name: 'recoveredType',
      label: /*i18n*/ { id: 'field.alarm.recoveredType', message: '恢复的报警' },
      type: 'code',
      codes: ALARM_TYPE_TABLE,
      list: { width: 130 },
    },
    { name: 'code2', label: /*i18n*/ { id: 'field.alarm.code2', message: '报警代码' }, type: 'text', list: false },
    {
      name: 'location',
      label: /*i18n*/ { id: 'field.alarm.location', message: '位置' },
      type: 'text',
      list: { width: 180 },
    },
    { name: 'lat', label: /*i18n*/ { id: 'field.alarm.lat', message: '纬度' }, type: 'decimal', list: false },
    { name: 'lon', label: /*i18n*/ { id: 'field.alarm.lon', message: '经度' }, type: 'decimal', list: false },
    { name: 'ts', label: A.time, type: 'datetime', filter: 'range', list: { width: 170, sortable: true } },
    {
      name: 'read',
      label: /*i18n*/ { id: 'field.alarm.read', message: '阅读状态' },
      type: 'code',
      codes: ALARM_READ_TABLE,
      filter: 'eq',
      list: { width: 90, hidden: true },
    },
    {
      name: 'handleState',
      label: /*i18n*/ { id: 'field.alarm.handleState', message: '处理状态' },
      type: 'code',
      codes: ALARM_HANDLE_TABLE,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'handlerName',
      label: /*i18n*/ { id: 'field.alarm.handlerName', message: '处理人' },
      type: 'text',
      list: { width: 110, hidden: true },
    },
    {
      name: 'handleNote',
      label: /*i18n*/ { id: 'field.alarm.handleNote', message: '处理说明' },
      type: 'text',
      list: { width: 180 },
    },
    {
      name: 'handledAt',
      label: /*i18n*/ { id: 'field.alarm.handledAt', message: '处理时间' },
      type: 'datetime',
      list: { width: 170 },
    },
    // docs/alarms.md#acknowledgement-and-escalation: who answered, and how fast (in the export too).
    {
      name: 'ackedByName',
      label: /*i18n*/ { id: 'field.alarm.ackedByName', message: '接手人' },
      type: 'text',
      form: false,
      list: { width: 110, hidden: true },
    },
    {
      name: 'ackedAt',
      label: /*i18n*/ { id: 'field.alarm.ackedAt', message: '接手时间' },
      type: 'datetime',
      form: false,
      list: { width: 170, hidden: true },
    },
    {
      name: 'ackSeconds',
      label: /*i18n*/ { id: 'field.alarm.ackSeconds', message: '接手用时(秒)' },
      type: 'integer',
      form: false,
      list: { width: 110, hidden: true },
    },
    {
      name: 'handleSeconds',
      label: /*i18n*/ { id: 'field.alarm.handleSeconds', message: '处理用时(秒)' },
      type: 'integer',
      form: false,
      list: { width: 110, hidden: true },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    createdAtField,
  ],
};

export default alarmResource;
