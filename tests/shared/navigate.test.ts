import { describe, expect, it } from 'vitest';
import { navigateLinks } from '../../src/shared/geo/navigate';

describe('navigate links', () => {
  const point = { lat: 22.543096, lon: 114.057865 };

  it('opens AMap in Chinese (told the position is WGS-84), and always offers geo:', () => {
    const links = navigateLinks(point, { lang: 'cn', provider: 'maplibre', apple: false, label: 'SOS 1' });
    expect(links.geo).toBe('geo:22.543096,114.057865?q=22.543096,114.057865(SOS%201)');
    expect(links.web.name).toBe('amap');
    expect(links.web.url).toContain('position=114.057865,22.543096');
    expect(links.web.url).toContain('coordinate=wgs84');
  });

  it('follows the map provider, then the device: Apple Maps on Apple devices, Google elsewhere', () => {
    expect(navigateLinks(point, { lang: 'en', provider: 'amap', apple: true }).web.name).toBe('amap');
    expect(navigateLinks(point, { lang: 'cn', provider: 'google', apple: false }).web.name).toBe('google');
    expect(navigateLinks(point, { lang: 'en', provider: 'maplibre', apple: true }).web.url).toBe(
      'https://maps.apple.com/?daddr=22.543096,114.057865',
    );
    expect(navigateLinks(point, { lang: 'de', provider: 'maplibre', apple: false }).web.url).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=22.543096,114.057865',
    );
  });
});
