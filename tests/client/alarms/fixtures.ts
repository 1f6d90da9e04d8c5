import type { AlarmRecord } from '../../../src/shared/alarms/push';
import { registerAlarmMutations } from '../../../src/client/features/alarms/alarmMutations';
import { testQueryClient } from '../render';

/** An alarm record as the service answers it; fields default to an unread, pending SOS. */
export function alarm(id: number, patch: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id,
    type: 15,
    recoveredType: null,
    code2: '04',
    level: 3,
    title: `SOS求救 · ${id}`,
    imei: `86010000000000${id}`,
    deviceName: `Helmet ${id}`,
    deviceKind: 'helmet',
    personName: '张三',
    personPhone: null,
    value: null,
    threshold: null,
    lat: null,
    lon: null,
    location: null,
    ts: '2026-11-20T08:30:05.000Z',
    createdAt: '2026-11-20T08:30:06.000Z',
    read: 0,
    handleState: 0,
    handlerName: null,
    handleNote: null,
    handledAt: null,
    tenantId: 1,
    ...patch,
  };
}

/** The test client with read/handle registered, as createQueryClient does for the app. */
export function alarmQueryClient() {
  const client = testQueryClient();
  registerAlarmMutations(client);
  return client;
}
