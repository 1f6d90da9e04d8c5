import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../chromium';
import { deviceOf, expectShell, simInBackground, simSays, signIn } from './helpers';

// A door call with real media, end to end: the simulated door unit (`npm run sim -- call`)
// publishes ffmpeg's test pattern and tone into the service's SFU, the console answers with
// Chromium's fake camera and microphone, each side receives the other, and hanging up ends the
// door unit's media. Figures come from the browser's own WebRTC stats (the dialog's quality line).
test.describe.configure({ mode: 'serial' });
test.use({ launchOptions: { executablePath: E2E_CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

async function login(page: Page): Promise<void> {
  // A light screen: the console's dialogs and pushes are the shell's, whatever the screen.
  await signIn(page, 'demo');
  await page.goto('/DeviceList');
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
}

/** Logs in, has the first demo door unit call from `room` (the sim in the background), and answers. */
async function answerDoorCall(page: Page, room: string) {
  await login(page);
  const unit = simInBackground('call', '--imei', await deviceOf('doorUnit'), '--room', room, '--seconds', '90');
  try {
    await simSays(unit, /calls from room/);
    await expect(page.getByTestId('call-status')).toHaveAttribute('data-state', 'ringing', { timeout: 20_000 });
    await page.getByTestId('call-answer').click();
  } catch (err) {
    unit.child.kill('SIGINT');
    throw err;
  }
  return unit;
}

/** Records every RTCPeerConnection the page makes and counts getUserMedia's calls (an init script, so a string). */
const RECORD_PEERS = `(() => {
  const Peer = window.RTCPeerConnection;
  window.__peers = [];
  window.__userMedia = 0;
  window.RTCPeerConnection = class extends Peer {
    constructor(...args) {
      super(...args);
      window.__peers.push(this);
    }
  };
  const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (constraints) => {
    window.__userMedia += 1;
    return open(constraints);
  };
})();`;

interface PeerFigures {
  state: RTCPeerConnectionState;
  framesDecoded: number;
  packetsSent: number;
}

/** Each recorded connection's state, video frames decoded and RTP packets sent, in the order they were made. */
const peers = (page: Page): Promise<PeerFigures[]> =>
  page.evaluate(async () => {
    const list = (window as unknown as { __peers: RTCPeerConnection[] }).__peers;
    return Promise.all(
      list.map(async (pc) => {
        const figures = { state: pc.connectionState, framesDecoded: 0, packetsSent: 0 };
        if (pc.connectionState === 'closed') return figures;
        (await pc.getStats()).forEach(
          (s: { type: string; kind?: string; framesDecoded?: number; packetsSent?: number }) => {
            if (s.type === 'inbound-rtp' && s.kind === 'video') figures.framesDecoded += s.framesDecoded ?? 0;
            if (s.type === 'outbound-rtp') figures.packetsSent += s.packetsSent ?? 0;
          },
        );
        return figures;
      }),
    );
  });
const userMediaCalls = (page: Page) => page.evaluate(() => (window as unknown as { __userMedia: number }).__userMedia);

const quality = (page: Page, name: 'data-frames' | 'data-audio-energy') =>
  page
    .getByTestId('call-quality')
    .getAttribute(name, { timeout: 1000 })
    .then(Number)
    .catch(() => 0);

test('answering a simulated door call shows its moving picture and plays its sound; the door unit hears the operator; hang-up ends its media', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const unit = await answerDoorCall(page, '0501');
  try {
    await expect(page.getByTestId('call-media')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('call-local-video')).toBeVisible();
    await expect(page.getByTestId('call-remote-video')).toBeVisible({ timeout: 20_000 });

    // Frames are decoded and keep coming: the picture moves.
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 20_000 }).toBeGreaterThan(10);
    const frames = await quality(page, 'data-frames');
    await expect.poll(() => quality(page, 'data-frames'), { timeout: 20_000 }).toBeGreaterThan(frames + 10);
    // The door unit's tone arrives with energy, and the <video> really plays it.
    await expect.poll(() => quality(page, 'data-audio-energy'), { timeout: 20_000 }).toBeGreaterThan(0);
    const playing = await page.getByTestId('call-remote-video').evaluate((v: HTMLVideoElement) => ({
      paused: v.paused,
      width: v.videoWidth,
      audio: (v.srcObject as MediaStream).getAudioTracks().length,
    }));
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

test('after a network change the call reconnects by itself; the door unit hanging up ends the call on the console', async ({
  page,
  context,
}) => {
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
    await expect(page.getByTestId('call-hangup')).toBeHidden({ timeout: 20_000 });
  } finally {
    unit.child.kill('SIGINT');
  }
});

test('a ringing call already receives the door unit, opening no device and sending nothing; ignoring leaves; answering keeps that picture and publishes', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.addInitScript({ content: RECORD_PEERS });
  await login(page);
  const door = await deviceOf('doorUnit');
  const decoded = async () => (await peers(page)).reduce((n, p) => n + p.framesDecoded, 0);

  const ignored = simInBackground('call', '--imei', door, '--room', '0503', '--seconds', '90');
  try {
    await simSays(ignored, /calls from room/);
    await expect(page.getByTestId('call-status')).toHaveAttribute('data-state', 'ringing', { timeout: 20_000 });
    // Ringing: the door unit's picture is decoded already; no camera or microphone, nothing sent.
    await expect.poll(decoded, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await peers(page)).map((p) => p.packetsSent)).toEqual([0]);
    expect(await userMediaCalls(page)).toBe(0);
    await page.getByTestId('call-ignore').click();
    await expect.poll(async () => (await peers(page)).map((p) => p.state)).toEqual(['closed']);
  } finally {
    ignored.child.kill('SIGINT');
  }
  await ignored.exited;

  const answered = simInBackground('call', '--imei', door, '--room', '0504', '--seconds', '90');
  try {
    await simSays(answered, /calls from room/);
    await expect(page.getByTestId('call-status')).toHaveAttribute('data-state', 'ringing', { timeout: 20_000 });
    await expect.poll(async () => (await peers(page)).length, { timeout: 20_000 }).toBe(2);
    await page.getByTestId('call-answer').click();
    await expect(page.getByTestId('call-media')).toHaveAttribute('data-state', 'connected', { timeout: 20_000 });
    await expect(page.getByTestId('call-remote-video')).toBeVisible();
    // The door unit hears the operator: the answer opened the devices and published.
    await expect.poll(answered.output, { timeout: 20_000 }).toMatch(/heard the operator/);
    expect(await userMediaCalls(page)).toBeGreaterThan(0);
    // The dialog shows the connection made while it rang (the second), beside the new publishing one.
    const [, ringing, publishing] = await peers(page);
    expect(ringing).toMatchObject({ state: 'connected', packetsSent: 0 });
    expect(ringing!.framesDecoded).toBeGreaterThan(10);
    expect(publishing!.packetsSent).toBeGreaterThan(0);
    expect(await peers(page)).toHaveLength(3);
    await page.getByTestId('call-hangup').click();
    await expect(page.getByTestId('call-hangup')).toBeHidden();
  } finally {
    answered.child.kill('SIGINT');
  }
});
