import type { MapDevice } from '../../../shared/geo/map-config';
import type { Position } from '../../../shared/geo/positions';
import type { MarkerPoint } from '../types';

/**
 * The devices on the map, by IMEI: loaded from the service, then moved by live positions. Kept
 * outside React state so a push for thousands of devices redraws the markers once, not per device.
 */
export class Fleet {
  private devices = new Map<string, MapDevice>();

  /** `knownOnly`: positions of devices not loaded are ignored (a fleet of one kind, /locations_jf). */
  constructor(private readonly knownOnly = false) {}

  reset(list: readonly MapDevice[]): void {
    this.devices = new Map(list.map((d) => [d.imei, { ...d }]));
  }

  get(imei: string): MapDevice | undefined {
    return this.devices.get(imei);
  }

  /** Applies live positions (pushes arrive in order, so the last one wins); true if anything moved or changed state. */
  merge(positions: readonly Position[]): boolean {
    let changed = false;
    for (const p of positions) {
      const known = this.devices.get(p.imei);
      // A UWB-only fix (no lat/lon) changes the state but not the place.
      const lat = p.lat ?? known?.lat;
      const lon = p.lon ?? known?.lon;
      if (lat === undefined || lon === undefined || (this.knownOnly && !known)) continue;
      if (known && known.lat === lat && known.lon === lon && known.state === p.state) continue;
      const moved = p.lat !== undefined && p.lon !== undefined;
      // A new WGS-84 fix brings its own radius and source; a state change keeps the last ones.
      const fix = moved
        ? { accuracy: p.accuracy ?? null, source: p.source ?? 'gps', ts: p.ts }
        : { accuracy: known?.accuracy, source: known?.source, ts: known?.ts };
      this.devices.set(p.imei, {
        imei: p.imei,
        name: known?.name ?? null,
        ...(known?.kind ? { kind: known.kind } : {}),
        state: p.state,
        lat,
        lon,
        ...fix,
      });
      changed = true;
    }
    return changed;
  }

  /** The markers: one device, or every device (of `kinds` when given). */
  points(only?: string, kinds?: readonly string[]): MarkerPoint[] {
    const all = only ? [this.devices.get(only)].filter((d): d is MapDevice => !!d) : [...this.devices.values()];
    const list = kinds ? all.filter((d) => d.kind !== undefined && kinds.includes(d.kind)) : all;
    return list.map((d) => ({ id: d.imei, lonLat: [d.lon, d.lat], state: d.state, label: d.name ?? d.imei }));
  }

  /** Every device as loaded and moved (the /locations_jf list). */
  list(): MapDevice[] {
    return [...this.devices.values()];
  }

  get size(): number {
    return this.devices.size;
  }
}
