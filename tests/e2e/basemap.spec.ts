import { expect, test } from './fixtures';
import { signIn } from './helpers';

// The offline basemap at city zoom, with every request off the app's origin refused: district
// outlines and names and place names are drawn from the shipped GeoJSON with the shipped glyphs,
// and device clusters carry their count. Read through MapLibre's own API on the map's container.

interface RenderedFeature {
  layer: { id: string };
  properties: Record<string, unknown>;
}
type MapHandle = {
  jumpTo(o: object): void;
  once(e: string, f: () => void): void;
  loaded(): boolean;
  getSource(id: string): unknown;
  queryRenderedFeatures(o: object): RenderedFeature[];
};

test('city zoom offline: districts, district and place names with shipped glyphs, clusters with counts', async ({
  page,
  baseURL,
}) => {
  // Software WebGL on a shared 2-core machine: the first full render can take a while.
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  const glyphs: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/map/glyphs/')) glyphs.push({ url: r.url(), status: r.status() });
  });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });

  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/locations');
  await page.waitForFunction(
    () => {
      const map = (document.querySelector('[data-testid=map-host]') as unknown as { __maplibre?: MapHandle } | null)
        ?.__maplibre;
      return !!map && map.loaded() && !!map.getSource('devices') && !!map.getSource('region');
    },
    null,
    { timeout: 90_000 },
  );

  // City zoom over Futian, where the demo site is.
  const city = await page.evaluate(async () => {
    const map = (document.querySelector('[data-testid=map-host]') as unknown as { __maplibre: MapHandle }).__maplibre;
    map.jumpTo({ center: [114.06, 22.56], zoom: 12 });
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    const byLayer: Record<string, string[]> = {};
    for (const f of map.queryRenderedFeatures({
      layers: ['districts', 'district-names', 'places-1', 'places-2', 'places-3'],
    })) {
      (byLayer[f.layer.id] ??= []).push(String(f.properties.name_zh ?? f.properties.name));
    }
    return byLayer;
  });
  expect(city.districts?.length ?? 0).toBeGreaterThan(0);
  expect(city['district-names']).toContain('福田区');
  // GeoNames places in Chinese for the Chinese console (the demo user's language).
  const places = [...(city['places-1'] ?? []), ...(city['places-2'] ?? []), ...(city['places-3'] ?? [])];
  expect(places).toContain('深圳');
  expect(places.length).toBeGreaterThan(3);

  // Labels need glyphs: Latin-1 and CJK ranges came from this origin, all found.
  expect(glyphs.length).toBeGreaterThan(1);
  expect(glyphs.filter((g) => g.status !== 200)).toEqual([]);
  expect(glyphs.some((g) => /\/NotoSansSC\/(19968|2\d{4})-\d+\.pbf$/.test(g.url))).toBe(true);

  // Zoomed out over the demo fleet, its devices cluster and each cluster shows its count.
  const clusters = await page.evaluate(async () => {
    const map = (document.querySelector('[data-testid=map-host]') as unknown as { __maplibre: MapHandle }).__maplibre;
    map.jumpTo({ center: [114.06, 22.543], zoom: 11 });
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    return map
      .queryRenderedFeatures({ layers: ['devices:count'] })
      .map((f) => ({ count: Number(f.properties.point_count), text: String(f.properties.point_count_abbreviated) }));
  });
  expect(clusters.length).toBeGreaterThan(0);
  for (const c of clusters) {
    expect(c.count).toBeGreaterThan(1);
    expect(c.text).toEqual(c.count >= 1000 ? expect.stringMatching(/k$/) : String(c.count));
  }

  expect(outside).toEqual([]);
  expect(errors.filter((e) => /glyph|pbf|region\.geojson/i.test(e))).toEqual([]);
});
