import { describe, expect, it, vi } from 'vitest';
import { fetchMapConfig } from '../../../src/client/map/config';
import { FALLBACK_MAP_CONFIG } from '../../../src/shared/geo/map-config';

const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ code: 0, msg: 'OK', data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('map config', () => {
  it('offline, refused or malformed: the offline MapLibre default (114.06, 22.54, zoom 19)', async () => {
    const down = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await fetchMapConfig(down, 'tok')).toEqual(FALLBACK_MAP_CONFIG);
    expect(FALLBACK_MAP_CONFIG).toMatchObject({ provider: 'maplibre', center: [114.06, 22.54], zoom: 19 });
    expect(await fetchMapConfig(async () => answer(null, 500), 'tok')).toEqual(FALLBACK_MAP_CONFIG);
    expect(await fetchMapConfig(async () => new Response('<html>', { status: 200 }), 'tok')).toEqual(
      FALLBACK_MAP_CONFIG,
    );
    expect(
      await fetchMapConfig(async () => new Response(JSON.stringify({ code: 208, msg: 'expired' })), 'tok'),
    ).toEqual(FALLBACK_MAP_CONFIG);
    expect(down).toHaveBeenCalledWith('/api/map/config', {
      headers: { Accept: 'application/json', Authorization: 'tok' },
    });
  });

  it('reads the service’s answer, offering a provider only with its key', async () => {
    const config = await fetchMapConfig(async () =>
      answer({
        provider: 'amap',
        providers: ['maplibre', 'amap'],
        amapKey: 'k',
        tileUrl: 'https://t/{z}/{x}/{y}.png',
        center: [116.4, 39.9],
        zoom: 12,
      }),
    );
    expect(config).toMatchObject({
      provider: 'amap',
      providers: ['maplibre', 'amap'],
      amapKey: 'k',
      tileUrl: 'https://t/{z}/{x}/{y}.png',
      styleUrl: null,
      center: [116.4, 39.9],
      zoom: 12,
    });
    const keyless = await fetchMapConfig(async () => answer({ provider: 'google', center: 'nonsense', zoom: 99 }));
    expect(keyless).toMatchObject({ provider: 'maplibre', providers: ['maplibre'], center: [114.06, 22.54], zoom: 19 });
  });
});
