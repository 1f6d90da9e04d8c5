import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, sim, signIn, tokenOf } from './helpers';

// The map against the service and the in-process simulator, with every request off this host
// refused: the offline basemap must be enough. Texts of the new screens are checked by the unit
// tests; here the map is read through MapLibre's own API (exposed on its container).
test.describe.configure({ mode: 'serial' });

interface Marker {
  imei: string;
  lon: number;
  lat: number;
}

async function openMap(page: Page, baseURL: string | undefined, path = '/map/locations'): Promise<string[]> {
  const outside: string[] = [];
  const origin = new URL(baseURL!).origin;
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await signIn(page, 'demo', 'demo123');
  await page.goto(path);
  await page.waitForFunction(
    () => {
      const map = (
        document.querySelector('[data-testid=map-host]') as unknown as {
          __maplibre?: { loaded(): boolean; getSource(id: string): unknown };
        } | null
      )?.__maplibre;
      return !!map && map.loaded() && !!map.getSource('devices');
    },
    null,
    { timeout: 30_000 },
  );
  return outside;
}

/** The markers' data as drawn (the GeoJSON source of the device layer). */
function markers(page: Page): Promise<Marker[]> {
  return page.evaluate(async () => {
    const map = (
      document.querySelector('[data-testid=map-host]') as unknown as {
        __maplibre: {
          getSource(id: string): {
            getData(): Promise<{ features: { geometry: { coordinates: number[] }; properties: { id: string } }[] }>;
          };
        };
      }
    ).__maplibre;
    const data = await map.getSource('devices').getData();
    return data.features.map((f) => ({
      imei: f.properties.id,
      lon: f.geometry.coordinates[0]!,
      lat: f.geometry.coordinates[1]!,
    }));
  });
}

test('the offline basemap renders with no network, markers appear, a click opens the popup with its profile link', async ({
  page,
  baseURL,
}) => {
  // A helmet of its own, standing still where no demo device is: the simulator's devices move
  // between reading a marker's place and clicking it (at zoom 19 a metre is a few pixels).
  const token = await tokenOf(page.request, 'demo');
  const imei = `87${String(Date.now()).slice(-13)}`;
  const added = await api<{ id: number }>(page.request, token, 'device/device/add', {
    imei,
    kind: 'helmet',
    name: 'Map test helmet (still)',
  });
  expect(added.code, added.msg).toBe(0);
  try {
    await sim('send', '--imei', imei, '--kind', 'location', '--value', '22.525000,114.010000');
    await clickedOpensPopup(page, baseURL, imei);
  } finally {
    await api(page.request, token, 'device/device/delete', { ids: [added.data.id] });
  }
});

async function clickedOpensPopup(page: Page, baseURL: string | undefined, imei: string): Promise<void> {
  const outside = await openMap(page, baseURL);

  // A screenshot of the map, its colours counted in the page (a WebGL canvas cannot be read back).
  await page.evaluate(async () => {
    const map = (
      document.querySelector('[data-testid=map-host]') as unknown as {
        __maplibre: { jumpTo(o: object): void; once(e: string, f: () => void): void };
      }
    ).__maplibre;
    map.jumpTo({ center: [114.06, 22.54], zoom: 4 });
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
  });
  const shot = (await page.getByTestId('map-host').screenshot()).toString('base64');
  const colours = await page.evaluate(async (png) => {
    const img = new Image();
    img.src = `data:image/png;base64,${png}`;
    await img.decode();
    const copy = document.createElement('canvas');
    copy.width = img.width;
    copy.height = img.height;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < px.length; i += 4 * 7) seen.add((px[i]! << 16) | (px[i + 1]! << 8) | px[i + 2]!);
    return seen.size;
  }, shot);
  // Sea, land, China, borders and markers: far more than a blank canvas's one colour.
  expect(colours).toBeGreaterThan(4);

  await expect.poll(async () => (await markers(page)).some((m) => m.imei === imei), { timeout: 20_000 }).toBe(true);
  const all = await markers(page);
  expect(all.length).toBeGreaterThan(10);
  const target = all.find((m) => m.imei === imei)!;

  // Zoom onto one device so it is drawn on its own, then click where it is drawn.
  const at = await page.evaluate(async (m) => {
    const map = (
      document.querySelector('[data-testid=map-host]') as unknown as {
        __maplibre: {
          jumpTo(o: object): void;
          once(e: string, f: () => void): void;
          project(p: number[]): { x: number; y: number };
          queryRenderedFeatures(o: object): { properties: { id: string } }[];
        };
      }
    ).__maplibre;
    map.jumpTo({ center: [m.lon, m.lat], zoom: 19 });
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    const hits = map.queryRenderedFeatures({ layers: ['devices:point'] }).map((f) => f.properties.id);
    const p = map.project([m.lon, m.lat]);
    return { x: p.x, y: p.y, drawn: hits.includes(m.imei) };
  }, target);
  expect(at.drawn).toBe(true);
  const box = (await page.getByTestId('map-host').boundingBox())!;
  await page.mouse.click(box.x + at.x, box.y + at.y);

  const popup = page.getByTestId('device-popup');
  await expect(popup.getByTestId('device-popup-imei')).toContainText(target.imei);
  const link = popup.getByTestId('device-popup-link');
  await expect(link).toHaveAttribute('href', `/ProDeviceList?imei=${target.imei}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/ProDeviceList\\?imei=${target.imei}$`));
  expect(outside).toEqual([]);
}

test('a live position moves its marker without a reload', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A helmet of its own, which the in-process simulator does not drive: nothing else reports for
  // it, so the one position sent is the one the map must show (the demo helmet's own reports used
  // to replace it in the same push now and then).
  const token = await tokenOf(page.request, 'demo');
  const imei = `86${String(Date.now()).slice(-13)}`;
  const added = await api(page.request, token, 'device/device/add', { imei, kind: 'helmet', name: 'Map test helmet' });
  expect(added.code, added.msg).toBe(0);
  await sim('send', '--imei', imei, '--kind', 'location', '--value', '22.543100,114.057900');
  await openMap(page, baseURL);
  await expect.poll(async () => (await markers(page)).some((m) => m.imei === imei), { timeout: 20_000 }).toBe(true);
  const before = (await markers(page)).find((m) => m.imei === imei)!;
  // Somewhere clearly elsewhere (about 3 km north-east), in WGS-84.
  const lat = Number((before.lat + 0.021).toFixed(6));
  const lon = Number((before.lon + 0.023).toFixed(6));
  await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
  await sim('send', '--imei', imei, '--kind', 'location', '--value', `${lat},${lon}`);
  await expect
    .poll(
      async () => {
        const m = (await markers(page)).find((x) => x.imei === imei);
        return !!m && Math.abs(m.lon - lon) < 1e-5 && Math.abs(m.lat - lat) < 1e-5;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // The page was not reloaded: the marker moved on the push.
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
