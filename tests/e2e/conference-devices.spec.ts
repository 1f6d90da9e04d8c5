import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../chromium';
import { deviceOf } from './helpers';

// Devices in the conference (order/manyVideoCallToJuphoon): /callPhone?caller&reciever joins the
// receiver's room and invites the door unit, which the in-process simulator brings in with its
// test pattern; the console decodes it. /moreRoom moves one login between rooms.
test.use({ launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

async function signIn(page: Page): Promise<number> {
  const res = await page.request.post('/api/auth/auth/login', {
    data: { username: 'demo', password: 'demo123', language: 'CN' },
  });
  const body = (await res.json()) as { code: number; data: { id: number } };
  expect(body.code).toBe(0);
  await page.goto('/login');
  await page.evaluate(
    ({ token, usinfo }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('usinfo', JSON.stringify(usinfo));
    },
    { token: res.headers().authorization!, usinfo: body.data },
  );
  return body.data.id;
}

test('/callPhone calls a door unit into a room: it joins as a member and its picture plays', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // The second door unit: the first one rings in the call-media tests.
  const door = await deviceOf('doorUnit', 1);
  await page.goto(`/callPhone?caller=demo&reciever=${door}`);
  await expect(page.getByTestId('conf-subtitle')).toContainText(door);
  await expect(page.getByTestId('conference')).toHaveAttribute('data-status', 'inroom', { timeout: 20_000 });
  const member = page.locator('[data-testid="conf-member"]').filter({ hasNotText: '(自身)' });
  await expect(member).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByTestId('conf-count')).toHaveAttribute('data-count', '2');
  const uid = await member.getAttribute('data-uid');
  const tile = page.locator(`[data-testid="conf-tile"][data-uid="${uid}"] [data-testid="conf-quality"]`);
  const decoded = () =>
    tile
      .getAttribute('data-frames', { timeout: 1000 })
      .then(Number)
      .catch(() => 0);
  await expect.poll(decoded, { timeout: 45_000 }).toBeGreaterThan(10);
  const before = await decoded();
  await expect.poll(decoded, { timeout: 20_000 }).toBeGreaterThan(before);

  // Leaving ends the device's part: the next visit starts from an empty room.
  await page.getByTestId('conf-exit').click();
  await expect(page.getByTestId('conf-join')).toBeVisible({ timeout: 20_000 });
});

test('/moreRoom switches one login between rooms', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page);
  await page.goto('/moreRoom?rooms=4101,4102');
  await expect(page.getByTestId('conf-room')).toContainText('4101', { timeout: 20_000 });
  await page.getByTestId('more-rooms').getByText('4102').click();
  await expect(page.getByTestId('conf-room')).toContainText('4102', { timeout: 20_000 });
  await expect(page.getByTestId('conf-count')).toHaveAttribute('data-count', '1');
});

test('a watch on the monitoring wall: its picture plays, and talk sends the microphone into its room', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const userId = await signIn(page);
  const watch = await deviceOf('watch');
  await page.goto('/map/monitor');
  await page.getByTestId(`monitor-device-${watch}`).click();
  const tile = page.locator(`[data-testid=monitor-tile][data-device="${watch}"]`);
  await expect(tile.getByTestId('monitor-quality')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  const frames = () =>
    tile
      .getByTestId('monitor-quality')
      .getAttribute('data-frames')
      .then((v) => Number(v ?? 0));
  await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(10);

  // Talk: the console publishes its microphone into the device's room, and the picture comes back.
  await tile.getByTestId('monitor-talk').click();
  await expect(tile.getByTestId('monitor-talk')).toHaveAttribute('data-talking', 'true');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const room = async () => {
    const w = (await (
      await page.request.post('/api/device/camera/watchDevice', {
        data: { imei: watch },
        headers: { authorization: token! },
      })
    ).json()) as { data: { channel: string; uid: string; token: string } };
    const r = (await (await page.request.post('/api/media/room', { data: w.data })).json()) as {
      data: { publishers: { uid: string }[] };
    };
    return r.data.publishers.map((p) => p.uid);
  };
  await expect.poll(room, { timeout: 20_000 }).toContain(String(userId));
  await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(10);
  await tile.getByTestId('monitor-talk').click();
  // The console stopped talking before its publisher is looked for in the room: a failure says which did not happen.
  await expect(tile.getByTestId('monitor-talk')).toHaveAttribute('data-talking', 'false');
  await expect.poll(room, { timeout: 20_000 }).not.toContain(String(userId));
  await tile.getByTestId('monitor-tile-close').click();
  await expect(tile).toHaveCount(0);
});
