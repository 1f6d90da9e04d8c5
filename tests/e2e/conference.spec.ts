import type { Browser, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../chromium';

// The video conference on /roOm end to end (docs/requirements/realtime-video.md): two consoles of
// one tenant, each with Chromium's fake camera and microphone, join room 1111 through the
// conference protocol (/api/conf), see each other in the participant list and decode each other's
// picture through the service's SFU; one leaves and the other sees it go.

/**
 * A steady tone for the fake microphone (48 kHz, 16-bit mono, 440 Hz at half scale, looped by
 * Chromium): a speaker's volume is above 0 in every report while unmuted. The default fake
 * microphone beeps now and then, and under load a 15 s watch sometimes saw no beep at all.
 */
function toneWav(): string {
  const rate = 48_000;
  const samples = rate; // one second; Chromium loops the file
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(16_000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  const path = joinPath(tmpdir(), `e2e-tone-${process.pid}.wav`);
  writeFileSync(path, Buffer.concat([header, data]));
  return path;
}

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS, `--use-file-for-fake-audio-capture=${toneWav()}`],
  },
});

interface Account {
  token: string;
  usinfo: { id: number; name: string };
}

async function apiLogin(page: Page, username: string, password: string): Promise<Account> {
  const res = await page.request.post('/api/auth/auth/login', { data: { username, password, language: 'CN' } });
  const body = (await res.json()) as { code: number; data: Account['usinfo'] };
  expect(body.code).toBe(0);
  return { token: res.headers().authorization!, usinfo: body.data };
}

/** A second user in demo's tenant: one uid per console, as the SFU wants. */
async function secondUser(page: Page, demo: Account): Promise<string> {
  const username = `conf${Date.now() % 1e8}`;
  const res = await page.request.post('/api/user/user/add', {
    data: { username, password: 'secret12', name: 'Conference peer', status: 1 },
    headers: { authorization: demo.token },
  });
  const body = (await res.json()) as { code: number; msg: string };
  expect(body.code, body.msg).toBe(0);
  return username;
}

/** A console of its own (a browser context) on /roOm, logged in as `account`. */
async function consoleOf(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate(({ token, usinfo }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('usinfo', JSON.stringify(usinfo));
  }, account);
  await page.goto('/roOm');
  return page;
}

async function join(page: Page): Promise<void> {
  await expect(page.getByTestId('conf-join')).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId('conf-join').click();
  await expect(page.getByTestId('conf-room-id')).toHaveValue('1111');
  await page.getByTestId('conf-join-submit').click();
  await expect(page.getByTestId('conference')).toHaveAttribute('data-status', 'inroom');
}

const frames = (page: Page, uid: number) =>
  page
    .locator(`[data-testid="conf-tile"][data-uid="${uid}"] [data-testid="conf-quality"]`)
    .getAttribute('data-frames', { timeout: 1000 })
    .then(Number)
    .catch(() => 0);

test('two consoles in room 1111 see each other, decode each other’s picture, and see a leaver go', async ({
  browser,
  page,
}) => {
  // Waits only; on a loaded 2-core machine two consoles decoding each other's video take most of it.
  test.setTimeout(180_000);
  const demo = await apiLogin(page, 'demo', 'demo123');
  const peer = await apiLogin(page, await secondUser(page, demo), 'secret12');
  const a = await consoleOf(browser, demo);
  const b = await consoleOf(browser, peer);
  try {
    await expect(a.getByTestId('conf-members-empty')).toHaveText('无用户');
    // A sets up recording before joining: every field is required.
    await expect(a.getByTestId('conf-join')).toBeEnabled({ timeout: 20_000 });
    await a.getByTestId('conf-record-settings').click();
    await a.getByTestId('conf-record-prefix').fill('');
    await a.getByTestId('conf-record-config-save').click();
    await expect(a.getByText('必填的数据为空').first()).toBeVisible();
    await a.getByTestId('conf-record-prefix').fill('e2e');
    await a.getByTestId('conf-record-config-save').click();
    await expect(a.getByTestId('conf-record-config')).toBeHidden();
    await join(a);
    await join(b);
    // In the room the settings are refused; B, who set none, cannot record.
    await b.getByTestId('conf-record-settings').click();
    await expect(b.getByText('请在加入房间前设置')).toBeVisible();
    await expect(b.getByTestId('conf-record')).toBeVisible({ timeout: 20_000 });
    await b.getByTestId('conf-record').click();
    await expect(b.getByText('没有配置录制参数，请离开房间后设置~')).toBeVisible();
    await expect(b.getByTestId('conf-record')).toHaveAttribute('data-state', 'idle');

    for (const [self, other] of [
      [a, peer],
      [b, demo],
    ] as const) {
      await expect(self.locator(`[data-testid="conf-member"][data-uid="${other.usinfo.id}"]`)).toBeVisible({
        timeout: 20_000,
      });
      await expect(self.locator('[data-testid="conf-member"][data-self]')).toContainText('(自身)');
      await expect(self.getByTestId('conf-count')).toHaveAttribute('data-count', '2');
    }

    // Each decodes the other's fake camera through the SFU, and the picture keeps moving.
    await expect.poll(() => frames(a, peer.usinfo.id), { timeout: 30_000 }).toBeGreaterThan(10);
    await expect.poll(() => frames(b, demo.usinfo.id), { timeout: 30_000 }).toBeGreaterThan(10);
    const before = await frames(a, peer.usinfo.id);
    await expect.poll(() => frames(a, peer.usinfo.id), { timeout: 20_000 }).toBeGreaterThan(before + 10);
    // onvolumechanged: the fake microphone's tone shows as the peer's volume in A's list.
    await expect
      .poll(
        async () =>
          Number(
            await a
              .locator(`[data-testid="conf-member"][data-uid="${peer.usinfo.id}"] [data-testid="conf-volume"]`)
              .getAttribute('data-volume'),
          ),
        { timeout: 15_000, intervals: [100] },
      )
      .toBeGreaterThan(0);
    // A mutes: B hears silence from A (its volume stays 0), and after unmuting A's tone is back.
    const volumeOfA = () =>
      b
        .locator(`[data-testid="conf-member"][data-uid="${demo.usinfo.id}"] [data-testid="conf-volume"]`)
        .getAttribute('data-volume')
        .then(Number);
    await expect.poll(volumeOfA, { timeout: 15_000, intervals: [100] }).toBeGreaterThan(0);
    await a.getByTestId('conf-mute').click();
    await expect(a.getByTestId('conf-mute')).toHaveAttribute('data-state', 'muted');
    // The silence reaches B (under load the last loud report can take a few seconds), then stays.
    await expect.poll(volumeOfA, { timeout: 15_000, intervals: [100] }).toBe(0);
    const heard: number[] = [];
    for (let i = 0; i < 25; i++) {
      heard.push(await volumeOfA());
      await a.waitForTimeout(100);
    }
    expect(Math.max(...heard)).toBe(0);
    await a.getByTestId('conf-mute').click();
    await expect.poll(volumeOfA, { timeout: 15_000, intervals: [100] }).toBeGreaterThan(0);
    await a.getByTestId('conf-camera').click();
    await expect(a.getByTestId('conf-camera')).toHaveAttribute('data-state', 'off');
    await a.getByTestId('conf-camera').click();

    // 刷新 receives the member anew, and the picture comes back.
    await a.locator(`[data-testid="conf-tile"][data-uid="${peer.usinfo.id}"]`).getByTestId('conf-refresh').click();
    await expect.poll(() => frames(a, peer.usinfo.id), { timeout: 30_000 }).toBeGreaterThan(10);

    // A records the room for a few seconds: the timer runs, and the recording lands in the video library.
    await a.getByTestId('conf-record').click();
    await expect(a.getByTestId('conf-record')).toHaveAttribute('data-state', 'recording', { timeout: 20_000 });
    await expect(a.getByTestId('conf-record-timer')).toHaveText(/^00:00:0[3-9]$/, { timeout: 20_000 });
    // The console stores the recording's entry once the service says it has ended (RecordButton):
    // the library is opened after that request has been answered, or its list could come first.
    // A stop may take the recorder's own bounds: up to 10 s for ffmpeg's first bytes on a busy
    // machine, then up to 10 s for the file's end (FIRST_BYTES_MS, FINISH_MS in
    // src/server/media/recorder.ts), then storing the file; the wait covers them, with room.
    const added = a.waitForResponse((r) => r.url().includes('/vcr/addVcrInfo'), { timeout: 50_000 });
    await a.getByTestId('conf-record').click();
    await expect(a.getByTestId('conf-record')).toHaveAttribute('data-state', 'idle', { timeout: 45_000 });
    expect((await added).ok()).toBe(true);
    const library = await a.context().newPage();
    await library.goto('/VCRList');
    // A new page loads the whole console (this worker's other pages are decoding video beside it).
    await expect(library.getByTestId('data-table')).toBeVisible({ timeout: 60_000 });
    const row = library
      .getByTestId('data-table')
      .locator('tbody tr')
      .filter({ hasText: /e2e_\d+_0000/ })
      .filter({ has: library.getByTestId('vcr-video') })
      .first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    const stored = await row.getByTestId('vcr-video').evaluate(async (v: HTMLVideoElement) => {
      if (v.readyState < 1) {
        // A row with a poster loads nothing until asked (preload none), as a click on play would.
        const loaded = new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
        v.preload = 'metadata';
        v.load();
        await loaded;
      }
      return { src: v.currentSrc, width: v.videoWidth };
    });
    expect(stored.src).toMatch(/\/api\/file\/[0-9a-f-]+\.webm$/);
    expect(stored.width).toBeGreaterThan(0);
    await library.close();

    await a.getByTestId('conf-info').click();
    await expect(a.getByTestId('conf-room-info')).toContainText('1111');
    await expect(a.getByTestId('conf-room-info')).toContainText('16');
    await a.keyboard.press('Escape');

    // B leaves: A's list and tiles lose it.
    await b.getByTestId('conf-exit').click();
    await expect(b.getByTestId('conf-join')).toBeVisible({ timeout: 20_000 });
    await expect(a.locator(`[data-testid="conf-member"][data-uid="${peer.usinfo.id}"]`)).toBeHidden({
      timeout: 20_000,
    });
    await expect(a.locator(`[data-testid="conf-tile"][data-uid="${peer.usinfo.id}"]`)).toBeHidden();
    await expect(a.getByTestId('conf-count')).toHaveAttribute('data-count', '1');
  } finally {
    await a.context().close();
    await b.context().close();
  }
});
