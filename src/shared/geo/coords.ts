/**
 * WGS-84 <-> GCJ-02 (the datum Chinese map providers such as AMap draw in). Everything the console
 * stores and exchanges is WGS-84; only a provider adapter that needs GCJ-02 converts, at its edge.
 * gcoord leaves points outside China unchanged, as GCJ-02 itself does.
 */
import gcoord from 'gcoord';
import type { LonLat } from './fence';

export function wgs84ToGcj02(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p[0], p[1]], gcoord.WGS84, gcoord.GCJ02);
  return [lon, lat];
}

/** The inverse is iterative in gcoord (GCJ-02 has no closed-form inverse); error is far below 1e-5 deg. */
export function gcj02ToWgs84(p: LonLat): LonLat {
  const [lon, lat] = gcoord.transform([p[0], p[1]], gcoord.GCJ02, gcoord.WGS84);
  return [lon, lat];
}
