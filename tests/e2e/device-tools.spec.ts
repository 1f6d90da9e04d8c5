import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { toneWav, uploadVoice } from '../../src/sim/voice';
import { api, deviceOf, protocolImeis, tokenOf, signIn } from './helpers';

// The device tools (docs/decisions.md, "Device tools") against the service and the in-process simulator, which obeys
// commands, speaks broadcasts and uploads voice clips now and then.

/** Ticks the first picker row whose device is online; answers its IMEI. */
/** An online MQTT device of the picker (the protocol demo devices answer commands as their protocols do, or not). */
async function pickOnline(page: Page): Promise<string> {
  const skip = await protocolImeis();
  const rows = page.getByTestId('picker-row').and(page.locator('[data-online="yes"]'));
  await expect(rows.first()).toBeVisible({ timeout: 45_000 });
  for (const row of await rows.all()) {
    const imei = (await row.getAttribute('data-imei'))!;
    if (skip.has(imei)) continue;
    await row.getByRole('checkbox').check();
    return imei;
  }
  throw new Error('no online MQTT device in the picker');
}

test('controlBar sends to a simulated device after confirmation and shows its ack; pubMusic speaks text; the data model and voice messages are filled', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, 'demo');

  // controlBar: report interval to one online device, confirmed, then acknowledged by the simulator.
  await page.goto('/map/controlBar');
  await expect(page.getByTestId('control-bar')).toBeVisible();
  const imei = await pickOnline(page);
  await page.getByTestId('cb-interval-seconds').fill('30');
  await page.getByTestId('cb-interval').click();
  await page.getByRole('dialog').getByRole('button', { name: '发送' }).click();
  const row = page.getByTestId('batch-row').and(page.locator(`[data-imei="${imei}"]`));
  await expect(row).toHaveAttribute('data-acked', 'yes', { timeout: 30_000 });
  await expect(row.getByTestId('batch-ack')).toContainText('interval 30s');

  // pubMusic: text to speech to an online speaker; the device says it speaks, the history lists it.
  await page.goto('/map/pubMusic');
  await page.getByTestId('pub-music').getByText('文字转语音', { exact: true }).click();
  const speaker = await pickOnline(page);
  await page.getByTestId('push-text').fill('请注意安全 e2e');
  await page.getByTestId('push-send').click();
  await page.getByRole('dialog').getByRole('button', { name: '推送' }).click();
  const pushed = page.getByTestId('batch-row').and(page.locator(`[data-imei="${speaker}"]`));
  await expect(pushed).toHaveAttribute('data-acked', 'yes', { timeout: 30_000 });
  await expect(pushed.getByTestId('batch-ack')).toContainText('speaking');
  await expect(page.getByText('请注意安全 e2e').first()).toBeVisible();

  // dataModel: every demo product has its model after npm start.
  await page.goto('/map/dataModel');
  await page.getByTestId('model-product').and(page.locator('[data-code="P-breaker"]')).click();
  await expect(page.getByTestId('metric-row').and(page.locator('[data-key="voltage"]'))).toBeVisible();
  await expect(page.getByTestId('model-command').and(page.locator('[data-key="switch"]'))).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('model-export').click();
  expect((await download).suggestedFilename()).toBe('P-breaker.thing-model.json');

  // deviceVoice: a helmet's clip (uploaded here as the simulator's devices do now and then: a 2.5 s
  // tone, no random length) is listed and plays from the served WAV.
  const helmet = await deviceOf('helmet');
  const token = await tokenOf(page.request, 'demo');
  const { data } = await api<{ rows: { imei: string; secret: string }[] }>(
    page.request,
    token,
    'device/device/secrets',
    { imeis: [helmet] },
  );
  expect(await uploadVoice(new URL(page.url()).origin, helmet, data.rows[0]!.secret, toneWav(2_500, 440))).toBe(200);
  // Stored before the upload was answered: the list's first load shows it, newest first.
  await page.goto('/map/deviceVoice');
  await expect(page.getByTestId('voice-audio').first()).toBeAttached({ timeout: 15_000 });
  const src = await page.getByTestId('voice-audio').first().getAttribute('src');
  const clip = await page.request.get(src!);
  expect(clip.status()).toBe(200);
  expect(clip.headers()['content-type']).toBe('audio/wav');
  expect((await clip.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
  // The clip uploaded here, with its length as the WAV says.
  await expect(
    page
      .getByTestId('voice-duration')
      .filter({ hasText: /^2\.5 s$/ })
      .first(),
  ).toBeVisible();
});
