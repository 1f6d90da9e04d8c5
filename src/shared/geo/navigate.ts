/**
 * "Navigate to it" links for the SOS dialog's nearest staff (docs/alarms.md "Nearest staff
 * first"): a `geo:` link the phone's own map app opens, and the web map a user of this locale and
 * map provider would expect. Positions are WGS-84 (as devices report them); AMap is told so, since
 * its own maps are in GCJ-02.
 */
interface NavigateLinks {
  geo: string;
  web: { url: string; name: 'amap' | 'apple' | 'google' };
}

export function navigateLinks(
  point: { lat: number; lon: number },
  opts: { lang: string; provider: string; apple: boolean; label?: string },
): NavigateLinks {
  const lat = point.lat.toFixed(6);
  const lon = point.lon.toFixed(6);
  const label = opts.label ? encodeURIComponent(opts.label) : '';
  const geo = `geo:${lat},${lon}?q=${lat},${lon}${label ? `(${label})` : ''}`;
  if (opts.provider === 'amap' || (opts.lang === 'cn' && opts.provider !== 'google'))
    return {
      geo,
      web: {
        name: 'amap',
        url: `https://uri.amap.com/marker?position=${lon},${lat}&coordinate=wgs84&callnative=1${label ? `&name=${label}` : ''}`,
      },
    };
  if (opts.apple && opts.provider !== 'google')
    return {
      geo,
      web: { name: 'apple', url: `https://maps.apple.com/?daddr=${lat},${lon}${label ? `&q=${label}` : ''}` },
    };
  return { geo, web: { name: 'google', url: `https://www.google.com/maps/dir/?api=1&destination=${lat},${lon}` } };
}
