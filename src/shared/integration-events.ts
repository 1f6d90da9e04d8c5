import type { CodeEntry } from './codes';

/**
 * The event types a target may subscribe to, as a code table for the console's multi-select:
 * INTEGRATION_EVENT_TYPES of src/server/integrations/target.ts without 'test', which only the
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
