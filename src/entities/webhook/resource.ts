import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, L, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/**
 * The events an endpoint may subscribe to: INTEGRATION_EVENT_TYPES of
 * src/server/integrations/target.ts without 'test' (sent only by "send a test event"). Kept here
 * because the console bundles this file; webhook.test.ts checks that the two lists agree.
 */
export const WEBHOOK_EVENT_TABLE: readonly CodeEntry<string>[] = [
  { value: 'alarm.raised', cn: '报警产生', en: 'Alarm raised' },
  { value: 'alarm.acknowledged', cn: '报警已认领', en: 'Alarm acknowledged' },
  { value: 'alarm.handled', cn: '报警已处理', en: 'Alarm handled' },
  { value: 'alarm.escalated', cn: '报警升级', en: 'Alarm escalated' },
  { value: 'device.online', cn: '设备上线', en: 'Device online' },
  { value: 'device.offline', cn: '设备离线', en: 'Device offline' },
  { value: 'device.position', cn: '设备位置', en: 'Device position' },
  { value: 'fence.entry', cn: '进入围栏', en: 'Fence entry' },
  { value: 'fence.exit', cn: '离开围栏', en: 'Fence exit' },
  { value: 'door.call', cn: '门口机呼叫', en: 'Door call' },
];

/**
 * /webhookList Webhook 推送: endpoints of the company that receive its alarms, presence, positions,
 * fence crossings and door calls as signed JSON (docs/integrations.md). The secret signs the
 * deliveries; it is written, never answered (the list shows its last characters only).
 */
const webhook: ResourceDef = {
  kind: 'integration',
  name: 'webhook',
  label: /*i18n*/ { id: 'resource.webhook', message: 'Webhook 推送' },
  routes: ['webhookList'],
  tenantScoped: true,
  mark: 'webhook',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['add', 'update', 'delete'],
  fields: [
    idField,
    {
      name: 'name',
      label: L.name,
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 160, sortable: true },
    },
    {
      name: 'url',
      label: /*i18n*/ { id: 'field.webhook.url', message: '推送地址(URL)' },
      type: 'text',
      required: true,
      max: 500,
      list: { width: 280 },
    },
    {
      name: 'events',
      label: /*i18n*/ { id: 'field.webhook.events', message: '订阅事件' },
      type: 'code',
      codes: WEBHOOK_EVENT_TABLE,
      multiple: true,
      required: true,
      list: { width: 260 },
    },
    {
      name: 'positionEverySec',
      label: /*i18n*/ { id: 'field.webhook.positionEverySec', message: '位置推送间隔(秒)' },
      type: 'integer',
      min: 0,
      max: 86_400,
      list: { width: 130, hidden: true },
    },
    {
      name: 'secret',
      label: /*i18n*/ { id: 'field.webhook.secret', message: '签名密钥' },
      type: 'password',
      required: true,
      min: 16,
      max: 200,
      writeOnly: true,
      list: false,
    },
    {
      name: 'secretHint',
      label: /*i18n*/ { id: 'field.webhook.secretHint', message: '签名密钥(掩码)' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'enabled',
      label: /*i18n*/ { id: 'field.webhook.enabled', message: '启用' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80 },
    },
    tenantField,
    createdAtField,
  ],
};

export default webhook;
