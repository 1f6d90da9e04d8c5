import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** The weather a log records. */
export const WEATHER_TABLE: readonly CodeEntry[] = [
  { value: 1, cn: '晴', en: 'Sunny' },
  { value: 2, cn: '多云', en: 'Cloudy' },
  { value: 3, cn: '阴', en: 'Overcast' },
  { value: 4, cn: '雨', en: 'Rain' },
  { value: 5, cn: '雪', en: 'Snow' },
  { value: 6, cn: '雾霾', en: 'Fog or haze' },
  { value: 7, cn: '大风', en: 'Strong wind' },
];

/**
 * /workLog: the daily log of a construction site: its date, author (the caller unless given),
 * the work plan it belongs to, the weather, what was done and up to three pictures (uploaded like
 * every image field). A plan's logs are this list filtered by `workPlanId`.
 */
const workLog: ResourceDef = {
  kind: 'user',
  name: 'workLog',
  label: /*i18n*/ { id: 'resource.workLog', message: '工作日志' },
  routes: ['workLog'],
  tenantScoped: true,
  mark: 'workLog',
  defaultSort: { field: 'logDate', order: 'desc' },
  fields: [
    idField,
    {
      name: 'logDate',
      label: /*i18n*/ { id: 'field.workLog.logDate', message: '日期' },
      type: 'date',
      required: true,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'authorId',
      label: /*i18n*/ { id: 'field.workLog.author', message: '记录人' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'workPlanId',
      label: /*i18n*/ { id: 'field.workLog.workPlan', message: '工作计划' },
      type: 'ref',
      ref: { kind: 'user', resource: 'workPlan', labelField: 'name' },
      filter: 'eq',
      list: { width: 180 },
    },
    {
      name: 'weather',
      label: /*i18n*/ { id: 'field.workLog.weather', message: '天气' },
      type: 'code',
      codes: WEATHER_TABLE,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'content',
      label: /*i18n*/ { id: 'field.workLog.content', message: '工作内容' },
      type: 'textarea',
      required: true,
      max: 2000,
      keyword: true,
      list: { width: 320 },
    },
    {
      name: 'image1',
      label: /*i18n*/ { id: 'field.workLog.image1', message: '现场图片1' },
      type: 'image',
      max: 500,
      list: { width: 90 },
    },
    {
      name: 'image2',
      label: /*i18n*/ { id: 'field.workLog.image2', message: '现场图片2' },
      type: 'image',
      max: 500,
      list: false,
    },
    {
      name: 'image3',
      label: /*i18n*/ { id: 'field.workLog.image3', message: '现场图片3' },
      type: 'image',
      max: 500,
      list: false,
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default workLog;
