import { ALARM_TYPES } from '../../shared/alarms/types';
import type { LonLat } from '../../shared/geo/fence';
import type { DeviceProfile } from '../alarms/profiles';
import { newAlarm, type NewAlarm } from '../alarms/records';
import type { FenceAlarmType } from './judge';

/**
 * The alarm record of a fence transition, through the alarm machinery's own builder (one-off
 * intents: the fence state row is what keeps them from repeating). The fence name goes into
 * the title and the location; the position is the fix that crossed, not the device's last one.
 */
export function fenceAlarm(
  p: DeviceProfile,
  type: FenceAlarmType,
  fence: { id: number; name: string },
  fix: LonLat,
  ts: number,
  createdAt: Date,
): NewAlarm {
  const row = newAlarm(
    p,
    {
      intent: {
        t: 'once',
        deviceId: p.id,
        type,
        ts,
        value: null,
        tag: String(fence.id),
        data: { fenceId: String(fence.id), fenceName: fence.name },
      },
      kind: 'raise',
      threshold: null,
    },
    createdAt,
  );
  return { ...row, title: `${ALARM_TYPES[type].cn} · ${fence.name}`, location: fence.name, lon: fix[0], lat: fix[1] };
}
