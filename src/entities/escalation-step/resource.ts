import { ESCALATION_TARGET_TABLE } from '../../shared/alarms/escalation';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';

const channel = (name: string, label: FieldDef['label']): FieldDef => ({
  name,
  label,
  type: 'boolean',
  list: { width: 80 },
});

/**
 * 报警升级步骤: one step of an escalation policy, edited in its policy's drawer on /alarmEscalation. `delaySeconds` after the
 * alarm was raised, unless someone acknowledged it by then, the step tells its target on its
 * channels (docs/alarms.md#acknowledgement-and-escalation). A named user or role, or an external
 * number or e-mail address, is given with the target that needs it; the device's emergency
 * contacts and external numbers are reached by SMS and voice call (and e-mail for an address).
 * The nearest staff on duty are the N (nearestCount, 3 unless set) within nearestMeters (2,000 unless
 * set) of the alarm; a push goes to the users' subscribed phones.
 */
const escalationStep: ResourceDef = {
  kind: 'device',
  name: 'escalationStep',
  label: /*i18n*/ { id: 'resource.escalationStep', message: '报警升级步骤' },
  routes: ['alarmEscalation'],
  tenantScoped: true,
  mark: 'escalationStep',
  defaultSort: { field: 'delaySeconds', order: 'asc' },
  fields: [
    idField,
    {
      name: 'policyId',
      label: /*i18n*/ { id: 'field.escalationStep.policy', message: '升级策略' },
      type: 'ref',
      ref: { kind: 'device', resource: 'escalationPolicy', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'delaySeconds',
      label: /*i18n*/ { id: 'field.escalationStep.delaySeconds', message: '报警后(秒)' },
      type: 'integer',
      required: true,
      min: 0,
      max: 86_400,
      list: { width: 110, sortable: true },
    },
    {
      name: 'target',
      label: /*i18n*/ { id: 'field.escalationStep.target', message: '通知对象' },
      type: 'code',
      codes: ESCALATION_TARGET_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 200 },
    },
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.escalationStep.user', message: '指定用户' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      list: { width: 120 },
    },
    {
      name: 'roleId',
      label: /*i18n*/ { id: 'field.escalationStep.role', message: '指定角色' },
      type: 'ref',
      ref: { kind: 'user', resource: 'role', labelField: 'name' },
      list: { width: 120 },
    },
    {
      name: 'address',
      label: /*i18n*/ { id: 'field.escalationStep.address', message: '外部号码或邮箱' },
      type: 'text',
      max: 100,
      list: { width: 160 },
    },
    {
      name: 'nearestCount',
      label: /*i18n*/ { id: 'field.escalationStep.nearestCount', message: '最近人数' },
      type: 'integer',
      min: 1,
      max: 20,
      list: { width: 90 },
    },
    {
      name: 'nearestMeters',
      label: /*i18n*/ { id: 'field.escalationStep.nearestMeters', message: '距离范围(米)' },
      type: 'integer',
      min: 50,
      max: 100_000,
      list: { width: 110 },
    },
    channel('viaConsole', /*i18n*/ { id: 'field.escalationStep.viaConsole', message: '控制台' }),
    channel('viaPush', /*i18n*/ { id: 'field.escalationStep.viaPush', message: '手机推送' }),
    channel('viaSms', /*i18n*/ { id: 'field.escalationStep.viaSms', message: '短信' }),
    channel('viaVoice', /*i18n*/ { id: 'field.escalationStep.viaVoice', message: '语音电话' }),
    channel('viaEmail', /*i18n*/ { id: 'field.escalationStep.viaEmail', message: '邮件' }),
    tenantField,
    createdAtField,
  ],
};

export default escalationStep;
