import { expect, test, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../chromium';
import { deviceOf, expectShell, loginWithAccount, simInBackground } from './helpers';

// A door call with real media, end to end: the simulated door unit (`npm run sim -- call`)
// publishes ffmpeg's test pattern and tone into the service's SFU, the console answers with
// Chromium's fake camera and microphone, each side receives the other, and hanging up ends the
// door unit's media. Figures come from the browser's own WebRTC stats (the dialog's quality line).
test.describe.configure({ mode: 'serial' });
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

async function login(page: Page): Promise<void> {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
}

/** Logs in, has the first demo door unit call from `room` (the sim in the background), and answers. */
async function answerDoorCall(page: Page, room: string) {
  await login(page);
  const unit = simInBackground('call', '--imei', await deviceOf('doorUnit'), '--room', room, '--seconds', '90');
  try {
    await expect(page.getByTestId('call-status')).toHaveAttribute('data-state', 'ringing', { timeout: 20_000 });
    await page.getByTestId('call-answer').click();
  } catch (err) {
    unit.child.kill('SIGINT');
    throw err;
  }
  return unit;
}

const quality = (page: Page, name: 'data-frames' | 'data-audio-energy') =>
  page
    .getByTestId('call-quality')
    .getAttribute(name, { timeout: 1000 })
    .then(Number)
    .catch(() => 0);

test('answering a simulated door call shows its moving picture and plays its sound; the door unit hears the operator; hang-up ends its media', async ({ page }) => {
  test.setTimeout(120_000);
  const unit = await answerDoorCall(page, '0501');
  try {
    await expect(page.getByTestId('call-media')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('call-local-video')).toBeVisible();
    await expect(page.getByTestId('call-remote-video')).toBeVisible({ timeout: 20_000 });

    // Frames are decoded and keep coming: the picture moves.
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 20_000 }).toBeGreaterThan(10);
    const frames = await quality(page, 'data-frames');
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 10_000 }).toBeGreaterThan(frames + 10);
    // The door unit's tone arrives with energy, and the <video> really plays it.
    await expect.poll(() => quality(page, 'data-audio-energy'), { timeout: 10_000 }).toBeGreaterThan(0);
    const playing = await page.getByTestId('call-remote-video').evaluate((v: HTMLVideoElement) => ({ paused: v.paused, width: v.videoWidth, audio: (v.srcObject as MediaStream).getAudioTracks().length }));
    expect(playing).toEqual({ paused: false, width: 640, audio: 1 });
    await expect(page.getByTestId('call-duration')).toHaveText(/^00:\d\d$/);

    // The door unit hears the console's (fake) microphone, and says so.
    await expect.poll(unit.output, { timeout: 20_000 }).toMatch(/heard the operator/);

    // Muting takes the microphone to volume 0; the switch shows it.
    await page.getByTestId('call-mic').click();
    await expect(page.getByTestId('call-mic')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('call-hangup').click();
    await expect(page.getByTestId('call-hangup')).toBeHidden();
    // The operator's publication is gone, so the door unit leaves and its process ends.
    expect(await Promise.race([unit.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))])).toBe(0);
    expect(unit.output()).toMatch(/left the call/);
  } finally {
    unit.child.kill('SIGINT');
  }
});

test('after a network change the call reconnects by itself; the door unit hanging up ends the call on the console', async ({ page, context }) => {
  test.setTimeout(120_000);
  const unit = await answerDoorCall(page, '0502');
  try {
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 30_000 }).toBeGreaterThan(10);

    // The network drops and comes back: the console publishes again and receives the door unit anew.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(page.getByTestId('call-media')).toHaveAttribute('data-state', 'reconnecting');
    await expect(page.getByTestId('call-media')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    const frames = await quality(page, 'data-frames');
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 20_000 }).toBeGreaterThan(frames + 10);

    // The door unit hangs up (Ctrl+C leaves the room): the console's dialog closes.
    unit.child.kill('SIGINT');
    await expect(page.getByTestId('call-hangup')).toBeHidden({ timeout: 10_000 });
  } finally {
    unit.child.kill('SIGINT');
  }
});
