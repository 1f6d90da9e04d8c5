import type { CodeEntry } from './codes';

/** The events the console sends to other systems (docs/integrations.md has each one's JSON Schema). */
export const INTEGRATION_EVENT_TYPES = [
  'alarm.raised',
  'alarm.acknowledged',
  'alarm.handled',
  'alarm.escalated',
  'device.online',
  'device.offline',
  'device.position',
  'fence.entry',
  'fence.exit',
  'door.call',
  'test',
] as const;
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number];

/** One event as every target receives it (the JSON body of a webhook, the AMQP/MQTT payload). */
export interface IntegrationEvent {
  /** Stable across retries and replicas: the idempotency key on the wire. */
  id: string;
  /** Schema version of this envelope and its data. */
  version: 1;
  type: IntegrationEventType;
  tenantId: number;
  /** ISO 8601, when it happened (not when it was sent). */
  occurredAt: string;
  data: Record<string, unknown>;
}

/**
 * The event types a target may subscribe to, as a code table for the console's multi-select:
 * INTEGRATION_EVENT_TYPES without 'test', which only the
 * "test" actions send (tests/server/integrations/forward.test.ts keeps the two lists equal).
 */
export const INTEGRATION_EVENT_TABLE: readonly CodeEntry<string>[] = [
  { value: 'alarm.raised', cn: '报警产生', en: 'Alarm raised' },
  { value: 'alarm.acknowledged', cn: '报警已确认', en: 'Alarm acknowledged' },
  { value: 'alarm.handled', cn: '报警已处理', en: 'Alarm handled' },
  { value: 'alarm.escalated', cn: '报警已升级', en: 'Alarm escalated' },
  { value: 'device.online', cn: '设备上线', en: 'Device online' },
  { value: 'device.offline', cn: '设备离线', en: 'Device offline' },
  { value: 'device.position', cn: '设备位置', en: 'Device position' },
  { value: 'fence.entry', cn: '进入围栏', en: 'Fence entry' },
  { value: 'fence.exit', cn: '离开围栏', en: 'Fence exit' },
  { value: 'door.call', cn: '门口机呼叫', en: 'Door call' },
];
