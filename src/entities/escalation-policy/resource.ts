import { ALARM_TYPE_NUMBERS, ALARM_TYPES } from '../../shared/alarms/types';
import type { CodeEntry } from '../../shared/codes';
import { createdAtField, HHMM_PATTERN, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Alarm types a policy may name: every type but the notices that never need an answer. */
export const ESCALATION_TYPE_TABLE: readonly CodeEntry[] = ALARM_TYPE_NUMBERS.filter(
  (n) => ALARM_TYPES[n].level > 1,
).map((value) => ({ value, cn: ALARM_TYPES[value].cn, en: ALARM_TYPES[value].en }));

/**
 * /alarmEscalation 报警升级策略: who is told, and how, when nobody acknowledges a critical alarm
 * (docs/alarms.md#acknowledgement-and-escalation). A policy applies to one alarm type (or to every
 * critical type when none is named) and, optionally, only between two times of day (a night
 * shift: 20:00-08:00). Its steps are the escalationStep rows. Naming a type that is not critical
 * makes it critical for the company: it rings, waits for an acknowledgement and escalates.
 */
const escalationPolicy: ResourceDef = {
  kind: 'device',
  name: 'escalationPolicy',
  label: /*i18n*/ { id: 'resource.escalationPolicy', message: '报警升级策略' },
  routes: ['alarmEscalation'],
  tenantScoped: true,
  mark: 'escalationPolicy',
  defaultSort: { field: 'id', order: 'asc' },
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
      name: 'alarmType',
      label: /*i18n*/ { id: 'field.escalationPolicy.alarmType', message: '报警类型(空为全部紧急报警)' },
      type: 'code',
      codes: ESCALATION_TYPE_TABLE,
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'fromTime',
      label: /*i18n*/ { id: 'field.escalationPolicy.fromTime', message: '生效开始(时:分)' },
      type: 'text',
      max: 5,
      pattern: HHMM_PATTERN,
      list: { width: 120 },
    },
    {
      name: 'toTime',
      label: /*i18n*/ { id: 'field.escalationPolicy.toTime', message: '生效结束(时:分)' },
      type: 'text',
      max: 5,
      pattern: HHMM_PATTERN,
      list: { width: 120 },
    },
    {
      name: 'enabled',
      label: /*i18n*/ { id: 'field.escalationPolicy.enabled', message: '启用' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80 },
    },
    { name: 'remark', label: SHARED_LABELS.description, type: 'text', max: 200, list: { width: 200 } },
    tenantField,
    createdAtField,
  ],
};

export default escalationPolicy;
