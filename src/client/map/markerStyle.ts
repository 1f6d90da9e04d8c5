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

/** A circle as a ring of `steps` points (for providers that draw circles as polygons). */
export function circleRing(center: [number, number], radiusM: number, steps = 64): [number, number][] {
  const R = 6_371_008.8;
  const [lon, lat] = center.map((d) => (d * Math.PI) / 180) as [number, number];
  const d = radiusM / R;
  const ring: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const brg = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(brg));
    const lon2 = lon + Math.atan2(Math.sin(brg) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(lat2));
    ring.push([(lon2 * 180) / Math.PI, (lat2 * 180) / Math.PI]);
  }
  return ring;
}
