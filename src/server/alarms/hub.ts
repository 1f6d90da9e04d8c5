import { EventEmitter } from 'node:events';
import type { AlarmPatch, AlarmRecord } from '../../shared/alarms/push';

/** Where an alarm happened, beyond the record: what the push needs to address and word it. */
export interface AlarmContext {
  deviceId: number;
  departmentId: number | null;
  /** The person the device belongs to (device's user), if any. */
  userId: number | null;
  /** Door units and community devices: where the alarm is (docs/requirements/realtime-intercom.md#sos-alarm). */
  community: string | null;
  building: string | null;
  unit: string | null;
  roomNo: string | null;
}

/**
 * Alarm events in this process, after the records are stored (alarms/engine.ts emits, the console
 * push listens). With replicas, each alarm is raised by the one replica that ingested its message.
 */
export interface AlarmEvents {
  raised: [alarm: AlarmRecord, context: AlarmContext];
  /** Records read or handled (by id) in one tenant. */
  updated: [tenantId: number, ids: number[], patch: AlarmPatch];
  /** Steps of an alarm's escalation policy fired (indices into its steps; src/server/escalation/service.ts). */
  escalated: [tenantId: number, alarmId: number, steps: number[], at: Date];
}

export class AlarmHub extends EventEmitter<AlarmEvents> {}
