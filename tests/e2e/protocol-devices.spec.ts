import { connect } from 'node:net';
import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { jt808 } from '../../src/server/protocols/jt808';
import { parseFrame } from '../../src/shared/protocols/jt808/frame';
import { gt06Frames, Jt808Terminal, watchFrames } from '../../src/sim/protocols/frames';
import { trvFrames } from '../../src/shared/protocols/trv/frame';
import { deviceOf, expectShell, takeOpenAlarms, signIn, sosAlarms, tokenOf } from './helpers';

// The critical alarms these tests raise are taken after each, so none escalates into the next test.
test.afterEach(({ request }) => takeOpenAlarms(request));

// A GT06 tracker on the service's GT06 port (playwright.config.ts starts the listener on a free port).
test.describe.configure({ mode: 'serial' });

/** A GT06 login; resolves with what the service answered once it answered 10 bytes (the login's echo) or closed. */
function gt06Login(imei: string): Promise<{ answer: Buffer; closed: boolean; end: () => void }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(process.env.E2E_GT06_PORT), '127.0.0.1');
    let answer = Buffer.alloc(0);
    const end = () => socket.destroy();
    socket.on('error', reject);
    socket.on('data', (b) => {
      answer = Buffer.concat([answer, b]);
      if (answer.length >= 10) resolve({ answer, closed: false, end });
    });
    socket.on('close', () => resolve({ answer, closed: true, end }));
    socket.write(gt06Frames.login(imei, 1));
  });
}

test('the super administrator registers an unknown GT06 tracker, which is then let in and shows its raw frames', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const imei = `35${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e7)).padStart(7, '0')}`;
  const refused = await gt06Login(imei);
  expect(refused.closed).toBe(true);
  expect(refused.answer.length).toBe(0);

  await signIn(page, 'admin', 'admin123');
  await page.goto('/unknownDevices');
  const table = page.getByTestId('data-table');
  const row = table.locator('tbody tr').filter({ hasText: imei });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText(gt06Frames.login(imei, 1).toString('hex').slice(0, 16));

  await row.getByTestId('row-register').click();
  const form = page.getByTestId('unknown-register');
  await form.getByTestId('unknown-register-product').click();
  await page.getByRole('option').first().click();
  await form.getByTestId('unknown-register-tenant').click();
  await page.getByRole('option', { name: 'Demo Site', exact: true }).click();
  await form.getByTestId('unknown-register-kind').click();
  await page.getByRole('option', { name: '定位器', exact: true }).click();
  await form.getByTestId('unknown-register-name').fill('E2E tracker');
  await form.getByTestId('unknown-register-submit').click();
  await expect(form).toBeHidden();
  await expect(table.locator('tbody tr').filter({ hasText: imei })).toHaveCount(0);

  // Let in on its next login: the echo 78 78 05 01 ...
  const admitted = await gt06Login(imei);
  try {
    expect(admitted.answer.subarray(0, 4).toString('hex')).toBe('78780501');
    await page.goto(`/map/DeviceDtail?imei=${imei}`);
    const log = page.getByTestId('frame-log');
    await expect(log.getByTestId('frame-row')).toHaveCount(2);
    await expect(log.getByTestId('frame-row').first()).toHaveAttribute('data-dir', 'out');
  } finally {
    admitted.end();
  }
});

async function liveConsole(page: Page): Promise<void> {
  // A light screen: the console's dialogs and pushes are the shell's, whatever the screen.
  await signIn(page, 'demo');
  await page.goto('/DeviceList');
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
}

/** The newest SOS alarms of a device as the alarm list gives them, for a failure's message. */
async function storedSos(request: APIRequestContext, imei: string): Promise<string> {
  const rows = await sosAlarms(request, await tokenOf(request, 'demo'), imei, 3);
  return JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      ts: r.ts,
      createdAt: r.createdAt,
      ackedAt: r.ackedAt,
      handleState: r.handleState,
    })),
  );
}

const fix = () => ({ lat: 31.2304, lon: 121.4737, at: Date.now() - 2_000, satellites: 8 });

test('an SOS from a watch over its own protocol opens the SOS dialog', async ({ page, request }) => {
  await liveConsole(page);
  const watch = await deviceOf('watch');
  const w = connect(Number(process.env.E2E_WATCH_PORT), '127.0.0.1');
  let got = '';
  w.on('data', (b) => (got += b.toString('latin1')));
  try {
    w.write(Buffer.concat([watchFrames.link(watch, 80), watchFrames.alarm(watch, fix(), 80, 'sos')]));
    // The alarm stored: the watch is answered AL once its frame is committed (docs/protocols.md).
    await expect.poll(() => got, { timeout: 20_000 }).toContain(`*${watch}*0002*AL]`);
    await expect(page.getByTestId('sos-imei'))
      .toHaveText(watch, { timeout: 15_000 })
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nthe watch's SOS alarms stored: ${await storedSos(request, watch)}`);
      });
  } finally {
    w.destroy();
  }
});

test('a TRV (IW) health watch logs in, is answered, and its SOS opens the SOS dialog', async ({ page }) => {
  await liveConsole(page);
  // Any registered device may speak TRV: the demo site's second MQTT watch here.
  const watch = await deviceOf('watch', 1);
  const socket = connect(Number(process.env.E2E_TRV_PORT), '127.0.0.1');
  let got = '';
  socket.on('data', (b) => (got += b.toString('latin1')));
  try {
    socket.write(trvFrames.login(watch));
    // IWBP00,<UTC yyyyMMddHHmmss>,<zone>#: the login taken (docs/protocols.md#trv).
    await expect.poll(() => got, { timeout: 20_000 }).toMatch(/^IWBP00,\d{14},0#/);
    socket.write(trvFrames.position(fix(), 80, undefined, '01'));
    await expect(page.getByTestId('sos-imei')).toHaveText(watch, { timeout: 15_000 });
    // The alarm's position stored, then answered.
    await expect.poll(() => got, { timeout: 20_000 }).toContain('IWBP10#');
  } finally {
    socket.destroy();
  }
});

test('an SOS from a GT06 alarm packet opens the SOS dialog', async ({ page }) => {
  await liveConsole(page);
  // Any registered device may speak GT06: the second helmet of the demo site here.
  const helmet = await deviceOf('helmet', 1);
  const g = connect(Number(process.env.E2E_GT06_PORT), '127.0.0.1');
  try {
    g.write(Buffer.concat([gt06Frames.login(helmet, 1), gt06Frames.alarm(2, fix(), 'sos')]));
    await expect(page.getByTestId('sos-imei')).toHaveText(helmet, { timeout: 15_000 });
  } finally {
    g.destroy();
  }
});

test('an SOS from a JT/T 808 terminal, registered and authenticated, opens the SOS dialog', async ({ page }) => {
  await liveConsole(page);
  // Registered under its IMEI, which a 2019-edition terminal carries as its number.
  const band = await deviceOf('wristband');
  const term = new Jt808Terminal(band);
  const socket = connect(Number(process.env.E2E_JT808_PORT), '127.0.0.1');
  let got = Buffer.alloc(0);
  socket.on('data', (b) => (got = Buffer.concat([got, b])));
  const next = async (): Promise<Buffer> => {
    await expect.poll(() => jt808.framer().push(got).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [frame] = jt808.framer().push(got);
    got = Buffer.alloc(0);
    return frame!;
  };
  try {
    socket.write(term.register());
    const reg = parseFrame(await next());
    // 0x8100: answer serial, result 0, then the authentication code.
    const code = reg.data.subarray(reg.bodyStart + 3, reg.bodyEnd).toString('latin1');
    socket.write(term.authenticate(code));
    await next();
    socket.write(term.location(fix(), true));
    await expect(page.getByTestId('sos-imei')).toHaveText(band, { timeout: 15_000 });
  } finally {
    socket.destroy();
  }
});
