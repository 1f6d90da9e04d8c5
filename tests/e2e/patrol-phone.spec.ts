import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, signIn, takeOpenAlarms, tokenOf } from './helpers';

// The patrol phone (docs/device-protocol.md "The phone shares its position"): the console on a
// phone-sized screen shares its position through navigator.geolocation, keeps fixes in IndexedDB
// while offline and sends them in order when the network is back; its SOS hold opens the SOS
// dialog on an operator's console. States are read from test ids, not texts.
test.afterEach(({ request }) => takeOpenAlarms(request));
test.describe.configure({ mode: 'serial' });

const HOME = { latitude: 22.5431, longitude: 114.0579, accuracy: 8 };
/** About 111 m north per step: well past the 25 m that lets a fix through before 10 s. */
const north = (steps: number) => ({ ...HOME, latitude: HOME.latitude + steps * 0.001 });

interface Track {
  t: number[];
  lat: number[];
  accuracy?: (number | null)[];
}

/**
 * A phone: 390x844, touch, geolocation granted, signed in as `username`, on the device list (a
 * light screen: the landing dashboard's map would share the CPU with the operator's console).
 */
async function phoneOf(browser: Browser, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: HOME,
  });
  const page = await context.newPage();
  await signIn(page, username);
  // The phone's home is the alarm log.
  await page.goto('/');
  await expect(page).toHaveURL(/\/AlarmHistory$/, { timeout: 20_000 });
  await page.goto('/DeviceList');
  await expect(page.getByTestId('share-location-status')).toBeVisible({ timeout: 20_000 });
  return { context, page };
}

async function phoneImei(page: Page, token: string): Promise<string | undefined> {
  const res = await page.request.get('/api/phone/device', { headers: { authorization: token } });
  return ((await res.json()) as { data: { imei: string } | null }).data?.imei;
}

test('sharing on: the phone is on the map; offline fixes arrive in order with their own times', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await phoneOf(browser, 'demo');
  const token = await tokenOf(request, 'demo');
  const status = page.getByTestId('share-location-status');
  try {
    await expect(status).toHaveAttribute('data-sharing', 'false');
    await status.click();
    await page.getByTestId('share-location-switch').click();
    await expect(status).toHaveAttribute('data-sharing', 'true');
    await page.keyboard.press('Escape');

    // The first fix makes the phone a device of the company's map.
    await expect.poll(() => phoneImei(page, token), { timeout: 20_000 }).toBeTruthy();
    const imei = (await phoneImei(page, token))!;
    await expect
      .poll(
        async () =>
          (await api<{ imei: string; lat: number }[]>(request, token, 'map/locations', { kind: 'phone' })).data.find(
            (d) => d.imei === imei,
          )?.lat,
        { timeout: 20_000 },
      )
      .toBeCloseTo(HOME.latitude, 6);

    // Offline: two moves wait in the queue.
    await context.setOffline(true);
    const offlineFrom = Date.now();
    await context.setGeolocation(north(1));
    await expect(status).toHaveAttribute('data-queued', '1', { timeout: 15_000 });
    await context.setGeolocation(north(2));
    await expect(status).toHaveAttribute('data-queued', '2', { timeout: 15_000 });
    const backAt = Date.now();
    await context.setOffline(false);
    await expect(status).toHaveAttribute('data-queued', '0', { timeout: 30_000 });

    const track = await api<Track>(request, token, 'device/track', {
      imei,
      from: new Date(offlineFrom - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      detail: true,
    });
    expect(track.code).toBe(0);
    const { t, lat, accuracy } = track.data;
    // Each fix with the time it was taken while offline (before the network came back), in order.
    const first = (latitude: number) => lat.findIndex((v) => Math.abs(v - latitude) < 1e-6);
    const [i1, i2] = [first(north(1).latitude), first(north(2).latitude)];
    expect(i1).toBeGreaterThanOrEqual(0);
    expect(i2).toBeGreaterThan(i1);
    expect(t[i1]).toBeGreaterThanOrEqual(offlineFrom - 1_000);
    expect(t[i1]).toBeLessThan(t[i2]!);
    expect(t[i2]).toBeLessThanOrEqual(backAt);
    expect(accuracy?.[i2]).toBe(HOME.accuracy);

    // Off: the switch stops the sharing.
    await status.click();
    await page.getByTestId('share-location-switch').click();
    await expect(status).toHaveAttribute('data-sharing', 'false');
  } finally {
    await context.close();
  }
});

test("the phone's SOS hold (3 s, released early cancels) opens the SOS dialog on an operator's console", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo');
  await page.goto('/index');
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  const phone = await phoneOf(browser, 'demo');
  try {
    const sos = phone.page.getByTestId('sos-hold');
    await expect(sos).toBeVisible();
    const box = (await sos.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(48);
    const mouse = phone.page.mouse;
    await mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // Released after a second: the countdown goes away and nothing is sent.
    await mouse.down();
    await expect(phone.page.getByTestId('sos-countdown')).toHaveText('3');
    await phone.page.waitForTimeout(1_000);
    await mouse.up();
    await expect(phone.page.getByTestId('sos-countdown')).toHaveCount(0);

    // Held: the count goes down, then the SOS goes (the seconds themselves: SosHoldButton.test.tsx;
    // a browser sharing two loaded cores may skip a tick's paint).
    await mouse.down();
    await expect(phone.page.getByTestId('sos-countdown')).toHaveText('3');
    await expect(phone.page.getByTestId('sos-countdown')).toHaveText(/^[12]$/, { timeout: 20_000 });
    await expect(phone.page.getByTestId('sos-countdown')).toHaveCount(0, { timeout: 20_000 });
    await mouse.up();

    const token = await tokenOf(request, 'demo');
    await expect.poll(() => phoneImei(phone.page, token), { timeout: 20_000 }).toBeTruthy();
    const imei = (await phoneImei(phone.page, token))!;
    await expect(page.getByTestId('sos-imei')).toHaveText(imei, { timeout: 20_000 });
  } finally {
    await phone.context.close();
  }
});
