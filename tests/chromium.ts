import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the benches launch it (the machine cannot download Playwright's builds):
 * the browser a user runs, for the figures of frames, starts and calls.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end run's browser: Debian's headless shell of the same Chromium release
 * (chromium-headless-shell, installed by scripts/test-prereqs.mjs), the build Playwright itself
 * runs headless tests in. It leaves out the full browser's own pages and windows, so on the 2-core
 * machine the same specs take less time (docs/performance.md, "Twelfth pass"). It shows no
 * notifications: phone-push.spec.ts runs in the full one.
 * `CHROMIUM_PATH` names one browser for both; without the shell, the full Chromium.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);

/** The flags every browser test and bench launches Chromium with: one list, so a flag reaches both. */
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
