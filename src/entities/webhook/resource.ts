import { INTEGRATION_EVENT_TABLE } from '../../shared/integration-events';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** The events an endpoint may subscribe to: the same table as the broker forwarding's. */
export const WEBHOOK_EVENT_TABLE = INTEGRATION_EVENT_TABLE;

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
      label: SHARED_LABELS.name,
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
