import { expect, test } from '@playwright/test';
import { expectShell, loginWithAccount } from './helpers';

// /VCRList: the demo's recordings are listed and play in place, with seeking (the service
// serves byte ranges), and the review-state filter narrows the list.
test('the video library lists the demo recordings; one plays and seeks', async ({ page }) => {
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await page.goto('/VCRList');
  // The seeded dozen, whatever other tests (the wall, the conference) recorded into this tenant.
  const seeded = page.getByTestId('data-table').locator('tbody tr').filter({ has: page.locator('[data-testid="vcr-video"][src$="/video/demo-recording.webm"]') });
  await expect(seeded).toHaveCount(12);
  const video = seeded.first().getByTestId('vcr-video');
  await expect(video).toBeVisible();
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
    const duration = v.duration;
    v.currentTime = 5;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    const seekedTo = v.currentTime;
    await v.play();
    await new Promise((r) => setTimeout(r, 600));
    const after = v.currentTime;
    v.pause();
    return { duration, seekedTo, after, width: v.videoWidth };
  });
  expect(played.duration).toBeGreaterThan(7.5);
  expect(played.seekedTo).toBeCloseTo(5, 0);
  expect(played.after).toBeGreaterThan(played.seekedTo);
  expect(played.width).toBe(320);
});
