import { expect, test } from './fixtures';
import { signIn } from './helpers';

// /VCRList: the demo's recordings are listed and play in place, with seeking (the service
// serves byte ranges), and the review-state filter narrows the list.
test('the video library lists the demo recordings; one plays and seeks', async ({ page }) => {
  await signIn(page, 'demo', 'demo123');
  await page.goto('/VCRList');
  // The seeded dozen, whatever other tests (the wall, the conference) recorded into this tenant.
  const seeded = page
    .getByTestId('data-table')
    .locator('tbody tr')
    .filter({ has: page.locator('[data-testid="vcr-video"][src$="/video/demo-recording.webm"]') });
  await expect(seeded).toHaveCount(12);
  const video = seeded.first().getByTestId('vcr-video');
  // The list shows the posters, not the videos' starts.
  await expect(video).toHaveAttribute('poster', '/video/demo-recording.jpg');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toBeVisible();
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    if (v.readyState < 1) {
      // A row with a poster loads nothing until asked (preload none), as a click on play would.
      const loaded = new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      v.preload = 'metadata';
      v.load();
      await loaded;
    }
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

test('a video uploaded to the library is listed under review and plays; /map/txVideios is the conference inside the console', async ({
  page,
}) => {
  await signIn(page, 'demo', 'demo123');
  await page.goto('/VCRList');
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('vcr-upload').click();
  await (await chooser).setFiles('public/video/demo-recording.webm');
  await expect(page.getByText('视频已上传，待审核')).toBeVisible({ timeout: 20_000 });
  const row = page
    .getByTestId('data-table')
    .locator('tbody tr')
    .filter({ hasText: /upload_\d+_0000/ })
    .first();
  await expect(row).toContainText('demo-recording');
  await expect(row).toContainText('审核中');
  // The service made the uploaded video's poster: a 320-wide JPEG of its first picture.
  const poster = await row.getByTestId('vcr-video').getAttribute('poster');
  expect(poster).toMatch(/^\/api\/file\/[0-9a-f-]+\.jpg$/);
  const posterSize = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return img.naturalWidth;
  }, poster!);
  expect(posterSize).toBe(320);
  const width = await row.getByTestId('vcr-video').evaluate(async (v: HTMLVideoElement) => {
    if (v.readyState < 1) {
      // A row with a poster loads nothing until asked (preload none), as a click on play would.
      const loaded = new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      v.preload = 'metadata';
      v.load();
      await loaded;
    }
    return v.videoWidth;
  });
  expect(width).toBe(320);

  // Inside the map layout (its header with the way back), not the bare /roOm page.
  await page.goto('/map/txVideios');
  await expect(page.getByTestId('conference')).toBeVisible();
  await expect(page.getByText('返回控制台')).toBeVisible();
  await expect(page.getByTestId('conference').getByRole('button', { name: '简体中文' })).toHaveCount(0);
  await expect(page.getByTestId('conf-join')).toBeEnabled({ timeout: 20_000 });
});
