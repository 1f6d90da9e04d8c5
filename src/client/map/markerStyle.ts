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

/**
 * Cluster circles by how many devices they hold: colour and radius step up at 50 and 500. MapLibre
 * turns these into a step expression; AMap draws them as HTML with the count inside.
 */
export const CLUSTER_STEPS = [
  { from: 0, color: '#4dabf7', radius: 14 },
  { from: 50, color: '#fab005', radius: 20 },
  { from: 500, color: '#f76707', radius: 28 },
] as const;

export function clusterStep(count: number): (typeof CLUSTER_STEPS)[number] {
  return CLUSTER_STEPS.findLast((s) => count >= s.from) ?? CLUSTER_STEPS[0];
}
