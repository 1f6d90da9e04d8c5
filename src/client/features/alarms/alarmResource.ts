import alarmResource from '../../../entities/alarm/resource';
import type { ResourceDef } from '../../../shared/resources/types';

/** Identity of the alarm resource: POST /api/device/alarm/<action>, query keys under 'alarm'. */
export const ALARM_RESOURCE = { kind: 'device', name: 'alarm' } as const;

/**
 * The registry entry (columns, filters, marks) the generic engine renders. Imported from its own
 * module, not the registry's index: the alarm queries are in the initial script, every other
 * resource's definition is not.
 */
export function alarmDef(): ResourceDef {
  return alarmResource;
}
