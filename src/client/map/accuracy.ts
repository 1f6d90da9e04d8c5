import type { LonLat } from '../../shared/geo/fence';
import type { MapShape } from './types';

/** The fix sources of docs/device-protocol.md "location" that carry WGS-84, by colour. */
export const FIX_SOURCES = ['gps', 'wifi', 'lbs'] as const;
export const FIX_COLORS: Record<string, string> = { gps: '#2f9e44', wifi: '#1c7ed6', lbs: '#f08c00' };

/** Accuracy circles, one per point with a reported radius (1 m and up). */
export function accuracyShapes(
  points: readonly { lat: number; lon: number; accuracy?: number | null; source?: string; imei?: string }[],
  colors: Record<string, string> = FIX_COLORS,
  idOf: (index: number) => string = (i) => points[i]!.imei ?? String(i),
): MapShape[] {
  const shapes: MapShape[] = [];
  points.forEach((p, i) => {
    if (!p.accuracy || p.accuracy < 1) return;
    const center: LonLat = [p.lon, p.lat];
    shapes.push({
      id: `acc-${idOf(i)}`,
      kind: 'circle',
      center,
      radiusM: p.accuracy,
      style: { color: colors[p.source ?? 'gps'] ?? colors.gps!, fillOpacity: 0.12 },
    });
  });
  return shapes;
}
