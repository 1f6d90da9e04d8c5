import { DEVICE_STATE } from '../../shared/codes';

/** Marker colours by device state; anything else is abnormal. Shared by every provider and the legend. */
export const STATE_COLORS = {
  online: '#2f9e44',
  offline: '#868e96',
  inactive: '#1c7ed6',
  abnormal: '#e03131',
} as const;

export function stateColor(state: number): string {
  if (state === DEVICE_STATE.online) return STATE_COLORS.online;
  if (state === DEVICE_STATE.offline) return STATE_COLORS.offline;
  if (state === DEVICE_STATE.inactive) return STATE_COLORS.inactive;
  return STATE_COLORS.abnormal;
}
