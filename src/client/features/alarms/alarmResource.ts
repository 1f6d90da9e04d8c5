import { findResource, type ResourceDef } from '../../../shared/resources';

/** Identity of the alarm resource: POST /api/device/alarm/<action>, query keys under 'alarm'. */
export const ALARM_RESOURCE = { kind: 'device', name: 'alarm' } as const;

/** The registry entry (columns, filters, marks) the generic engine renders. */
export function alarmDef(): ResourceDef {
  const def = findResource(ALARM_RESOURCE.kind, ALARM_RESOURCE.name);
  if (!def) throw new Error('alarm resource missing from the registry (src/shared/resources)');
  return def;
}
