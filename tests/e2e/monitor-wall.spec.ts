import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// /map/monitor: the simulator's RTSP test cameras (H.264) are bridged by the service into its SFU
// (VP8) and play live on the wall; a camera already on the wall is refused; a snapshot downloads
// a JPEG and lands in the photo library; a recording lands in the video library.

const frames = (tile: ReturnType<Page['getByTestId']>) =>
  tile
    .getByTestId('monitor-quality')
    .getAttribute('data-frames')
    .then((v) => Number(v ?? 0));

test('cameras play live on the wall; a duplicate is refused; snapshot and recording work', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/monitor');
  const list = page.getByTestId('monitor-cameras');
  await list.getByText('Gate camera').click();
  const tile = page.locator('[data-testid=monitor-tile]').first();
  await expect(tile.getByTestId('monitor-quality')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect.poll(() => frames(tile), { timeout: 30_000 }).toBeGreaterThan(10);
  const first = await frames(tile);
  await expect.poll(() => frames(tile), { timeout: 20_000 }).toBeGreaterThan(first);
  await expect(tile.getByTestId('monitor-quality')).toHaveAttribute('data-width', '640');

  // The same camera again: "choose another device" (docs/requirements/validation.md#video-monitors).
  await list.getByText('Gate camera').click();
  await expect(page.getByText('该设备已开启监控，请选择其他设备')).toBeVisible();
  await expect(page.locator('[data-testid=monitor-tile]')).toHaveCount(1);

  await list.getByText('Yard camera').click();
  await expect(page.locator('[data-testid=monitor-tile]')).toHaveCount(2);
  await expect(page.getByTestId('monitor-grid')).toHaveAttribute('data-layout', '4');

  const download = page.waitForEvent('download');
  await tile.getByTestId('monitor-snapshot').click();
  expect((await download).suggestedFilename()).toMatch(/^Gate camera-.*\.jpg$/);
  await expect(page.getByText('抓拍已保存到照片列表')).toBeVisible({ timeout: 20_000 });

  await tile.getByTestId('monitor-record').click();
  await expect(tile.getByTestId('monitor-recording')).toBeVisible();
  await page.waitForTimeout(4_000);
  await tile.getByTestId('monitor-record').click();
  await expect(page.getByText(/录像已保存到视频列表：cam_\d+_\d+_0000/)).toBeVisible({ timeout: 20_000 });

  // The wall survives a reload.
  await page.reload();
  await expect(page.locator('[data-testid=monitor-tile]')).toHaveCount(2);

  await page.goto('/VCRList');
  await expect(page.getByTestId('data-table').locator('tbody tr').first()).toContainText(/cam_\d+_\d+_0000/);

  // The snapshot is in the photo library, with the thumbnail the service made.
  await page.goto('/map/video_capture');
  const photo = page.getByTestId('data-table').locator('tbody tr').first();
  await expect(photo).toContainText('Gate camera');
  await expect(photo.locator('img').first()).toHaveJSProperty('naturalWidth', 320, { timeout: 20_000 });
});
