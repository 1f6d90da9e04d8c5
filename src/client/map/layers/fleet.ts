import type { MapDevice } from '../../../shared/geo/map-config';
import type { Position } from '../../../shared/geo/positions';
import type { MarkerPoint } from '../types';

/**
 * The devices on the map, by IMEI: loaded from the service, then moved by live positions. Kept
 * outside React state so a push for thousands of devices redraws the markers once, not per device.
 */
export class Fleet {
  private devices = new Map<string, MapDevice>();

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
      if (lat === undefined || lon === undefined) continue;
      if (known && known.lat === lat && known.lon === lon && known.state === p.state) continue;
      this.devices.set(p.imei, { imei: p.imei, name: known?.name ?? null, state: p.state, lat, lon });
      changed = true;
    }
    return changed;
  }

  points(only?: string): MarkerPoint[] {
    const list = only ? [this.devices.get(only)].filter((d): d is MapDevice => !!d) : [...this.devices.values()];
    return list.map((d) => ({ id: d.imei, lonLat: [d.lon, d.lat], state: d.state, label: d.name ?? d.imei }));
  }

  get size(): number {
    return this.devices.size;
  }
}
