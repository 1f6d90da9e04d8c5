import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A time of day, HH:MM (24 h). */
const DUTY_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of an HH:MM time. */
export const dutyMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether two [start, end) times of a day overlap. */
export const dutyOverlaps = (a: { start: string; end: string }, b: { start: string; end: string }): boolean =>
  dutyMinutes(a.start) < dutyMinutes(b.end) && dutyMinutes(b.start) < dutyMinutes(a.end);

const DUTY_LABELS = {
  dutyDate: /*i18n*/ { id: 'field.dutyRecord.dutyDate', message: '值班日期' },
  area: /*i18n*/ { id: 'field.dutyRecord.area', message: '值班区域' },
  startTime: /*i18n*/ { id: 'field.dutyRecord.startTime', message: '开始时间' },
  endTime: /*i18n*/ { id: 'field.dutyRecord.endTime', message: '结束时间' },
  userId: /*i18n*/ { id: 'field.dutyRecord.userId', message: '值班负责人' },
  situation: /*i18n*/ { id: 'field.dutyRecord.situation', message: '值班情况' },
};

/**
 * Duty records of a site (/dutyUser): the day, the area, start and end (HH:MM, the end after the
 * start), the person in charge (a user of the company) and what happened. The same person cannot
 * be on two duties that overlap on the same day ('dutyOverlap').
 */
const dutyRecord: ResourceDef = {
  kind: 'user',
  name: 'dutyRecord',
  label: /*i18n*/ { id: 'resource.dutyRecord', message: '值班记录' },
  routes: ['dutyUser'],
  tenantScoped: true,
  mark: 'dutyRecord',
  defaultSort: { field: 'dutyDate', order: 'desc' },
  fields: [
    idField,
    {
      name: 'dutyDate',
      label: DUTY_LABELS.dutyDate,
      type: 'date',
      required: true,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'area',
      label: DUTY_LABELS.area,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'startTime',
      label: DUTY_LABELS.startTime,
      type: 'text',
      required: true,
      max: 5,
      pattern: { re: DUTY_TIME_RE, message: 'timeInvalid' },
      list: { width: 100 },
    },
    {
      name: 'endTime',
      label: DUTY_LABELS.endTime,
      type: 'text',
      required: true,
      max: 5,
      pattern: { re: DUTY_TIME_RE, message: 'timeInvalid' },
      list: { width: 100 },
    },
    {
      name: 'userId',
      label: DUTY_LABELS.userId,
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 130 },
    },
    { name: 'userName', label: DUTY_LABELS.userId, type: 'text', form: false, list: false },
    {
      name: 'situation',
      label: DUTY_LABELS.situation,
      type: 'textarea',
      max: 500,
      keyword: true,
      list: { width: 220 },
    },
    tenantField,
    createdAtField,
  ],
};

export default dutyRecord;
