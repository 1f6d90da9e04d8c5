/**
 * Debian's Chromium as every browser test and bench launches it (the machine cannot download
 * Playwright's builds). One list, so a flag added for the e2e run reaches the benches too.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-quic',
  '--disable-sync',
];

/** A fake camera (a moving pattern) and microphone (a beep), granted without a prompt; sound plays without a gesture. */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];
