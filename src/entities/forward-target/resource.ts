import type { CodeEntry } from '../../shared/codes';
import { INTEGRATION_EVENT_TABLE } from '../../shared/integration-events';
import { createdAtField, idField, SHARED_LABELS } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** The brokers a target publishes to (docs/integrations.md "Forwarding to a broker"). */
export type ForwardKind = 'amqp' | 'mqtt';
const FORWARD_KIND_TABLE: readonly CodeEntry<string>[] = [
  { value: 'amqp', cn: 'AMQP (RabbitMQ)', en: 'AMQP (RabbitMQ)' },
  { value: 'mqtt', cn: 'MQTT', en: 'MQTT' },
];

/** The defaults a target gets for what it leaves empty: `{tenantId}` and `{type}` are filled per event. */
export const FORWARD_DEFAULTS = {
  exchange: 'console.events',
  routingKey: '{tenantId}.{type}',
  topicPrefix: 'console/{tenantId}/',
} as const;

/** amqp(s):// or mqtt(s):// with a host; the password, if any, is a secret the service never answers back. */
const FORWARD_URL_RE = /^(amqps?|mqtts?):\/\/[^\s/?#]+(\/[^\s]*)?$/;

const F = {
  kind: /*i18n*/ { id: 'field.forwardTarget.kind', message: '协议' },
  url: /*i18n*/ { id: 'field.forwardTarget.url', message: '代理地址' },
  exchange: /*i18n*/ { id: 'field.forwardTarget.exchange', message: 'AMQP 交换机' },
  routingKey: /*i18n*/ { id: 'field.forwardTarget.routingKey', message: 'AMQP 路由键模板' },
  topicPrefix: /*i18n*/ { id: 'field.forwardTarget.topicPrefix', message: 'MQTT 主题前缀' },
  events: /*i18n*/ { id: 'field.forwardTarget.events', message: '转发事件' },
  positionEverySec: /*i18n*/ { id: 'field.forwardTarget.positionEverySec', message: '位置间隔(秒)' },
  enabled: /*i18n*/ { id: 'field.forwardTarget.enabled', message: '启用' },
};

/**
 * Forwarding of a tenant's alarms and positions to the operator's broker (docs/integrations.md
 * "Forwarding to a broker"): AMQP 0-9-1 with publisher confirms or MQTT with QoS 1. The rows
 * belong to a tenant but hold broker credentials, so the platform's super administrators alone
 * read and write them (server.ts); the URL's password is kept apart and answered masked.
 */
const forwardTarget: ResourceDef = {
  kind: 'integration',
  name: 'forwardTarget',
  label: /*i18n*/ { id: 'resource.forwardTarget', message: '消息转发' },
  routes: ['forwardTargets'],
  // Not scoped to the caller's tenant: the super administrator names the tenant of each row, and
  // no tenant reads or writes them (platform-wide rows are written by super administrators only).
  tenantScoped: false,
  privateRows: true,
  mark: 'forwardTarget',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['add', 'update', 'delete'],
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 64,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'tenantId',
      label: SHARED_LABELS.tenant,
      type: 'ref',
      ref: { kind: 'user', resource: 'tenant', labelField: 'name' },
      required: true,
      form: 'add',
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'kind',
      label: F.kind,
      type: 'code',
      codes: FORWARD_KIND_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'url',
      label: F.url,
      type: 'text',
      required: true,
      max: 500,
      pattern: { re: FORWARD_URL_RE, message: 'forwardUrlInvalid' },
      list: { width: 280 },
    },
    { name: 'exchange', label: F.exchange, type: 'text', max: 200, list: { width: 150, hidden: true } },
    { name: 'routingKey', label: F.routingKey, type: 'text', max: 200, list: { width: 170, hidden: true } },
    { name: 'topicPrefix', label: F.topicPrefix, type: 'text', max: 200, list: { width: 170, hidden: true } },
    {
      name: 'events',
      label: F.events,
      type: 'code',
      codes: INTEGRATION_EVENT_TABLE,
      multiple: true,
      required: true,
      list: { width: 260 },
    },
    {
      name: 'positionEverySec',
      label: F.positionEverySec,
      type: 'integer',
      min: 0,
      max: 86_400,
      list: { width: 110 },
    },
    { name: 'enabled', label: F.enabled, type: 'boolean', filter: 'eq', list: { width: 80 } },
    createdAtField,
  ],
};

export default forwardTarget;
