import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn } from './helpers';

// Faces: a sample is added in the browser from an uploaded face image (face/uploadFaceImg),
// processed by the service; a picture with no face and one with two faces are refused with their
// messages. The gallery shows the samples and a resident's face is approved on /faceVerification.

async function openForm(page: Page): Promise<Locator> {
  await page.getByTestId('resource-add').click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  return drawer;
}

async function fillSample(page: Page, drawer: Locator, file: string, labels: string): Promise<void> {
  // The preview shows the uploaded file's address: when the form already had a picture, wait for
  // the new one, or the form would be sent with the old picture while the upload still runs. With
  // no picture before, any address is new ('' is none).
  const preview = drawer.getByTestId('image-preview');
  const before = ((await preview.count()) ? await preview.getAttribute('src') : null) ?? '';
  const chooser = page.waitForEvent('filechooser');
  await drawer.getByTestId('image-upload').click();
  await (await chooser).setFiles(`tests/fixtures/faces/${file}`);
  await expect(preview).toBeVisible({ timeout: 20_000 });
  await expect(preview).not.toHaveAttribute('src', before, { timeout: 20_000 });
  await drawer.getByLabel(/^标签/).fill(labels);
  const library = drawer.getByLabel(/^人脸库/);
  if (!(await library.inputValue())) {
    await library.click();
    await page.getByRole('option', { name: '演示人脸库', exact: true }).click();
  }
}

/** A server message in the console: its Chinese text once \`npm run i18n:extract\` has put the key in the catalogue, its id before. */
const message = (key: string, text: string) => new RegExp(`^(${text}|server\\.${key})$`);

test.describe.configure({ mode: 'serial' });

test('a face sample is added from an uploaded image; no face and two faces are refused with their messages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/FaceEntities');
  await expect(page.getByTestId('data-table')).toContainText('Eileen Collins');

  let drawer = await openForm(page);
  await fillSample(page, drawer, 'cameraman.jpg', '摄影师,e2e');
  await drawer.getByTestId('form-submit').click();
  await expect(drawer).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('data-table').locator('tbody tr').filter({ hasText: '摄影师,e2e' })).toHaveCount(1);

  drawer = await openForm(page);
  await fillSample(page, drawer, 'no-face.jpg', '没有人脸');
  await drawer.getByTestId('form-submit').click();
  await expect(drawer.getByTestId('form-service-error')).toHaveText(message('faceNotFound', '图片中没有检测到人脸'), {
    timeout: 30_000,
  });

  await fillSample(page, drawer, 'two-faces.jpg', '两个人');
  await drawer.getByTestId('form-submit').click();
  await expect(drawer.getByTestId('form-service-error')).toHaveText(
    message('faceSeveral', '图片中有多张人脸，请上传只有一个人的图片'),
    { timeout: 30_000 },
  );
  await expect(drawer).toBeVisible();
});

test('the gallery finds samples by label; a resident’s face is approved into the library, one with no face is not', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/map/getFaceList');
  await expect(page.getByTestId('gallery-card').first()).toBeVisible();
  await page.getByTestId('gallery-search').fill('Eileen');
  await expect(page.getByTestId('gallery-card')).toHaveCount(1);
  await expect(page.getByTestId('gallery-card')).toContainText('Eileen Collins');

  await page.goto('/faceVerification');
  const table = page.getByTestId('data-table');
  const wang = table.locator('tbody tr').filter({ hasText: '王芳' });
  await wang.getByRole('button', { name: '通过' }).click();
  await expect(page.getByText(message('faceNotFound', '图片中没有检测到人脸')).first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(wang).toContainText('待审核');
  const eileen = table.locator('tbody tr').filter({ hasText: 'Eileen Collins' });
  await eileen.getByRole('button', { name: '通过' }).click();
  await expect(eileen).toContainText('已通过', { timeout: 30_000 });
  await expect(eileen.getByRole('button', { name: '通过' })).toHaveCount(0);
  // The approved face is now a sample of the library.
  await page.goto('/FaceEntities');
  await expect(
    page
      .getByTestId('data-table')
      .locator('tbody tr')
      .filter({ has: page.locator('img[src="/faces/demo-collins-2.jpg"]') }),
  ).toHaveCount(1);
});
