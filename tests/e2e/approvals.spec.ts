import { expect, test } from './fixtures';
import { signIn } from './helpers';

// /audit's records: the site lead submits a request of another kind on the demo's two-level node
// (level 1 is the site lead, so it waits in their own inbox), sees it pending, and withdraws it;
// it leaves the inbox and the records say 已撤回.
test('a request of another kind is submitted on /audit, waits in its first level’s inbox, and its applicant withdraws it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `E2E采购申请 ${Date.now()}`;
  await signIn(page, 'sitelead');
  await page.goto('/audit');
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await page.getByTestId('tab-records').click();
  await page.getByTestId('request-new').click();
  // Both fields are required.
  await page.getByTestId('request-submit').click();
  await expect(page.getByText('请输入申请事项')).toBeVisible();
  await expect(page.getByText('请选择审批节点')).toBeVisible();
  await page.getByTestId('request-title').fill(title);
  await page.getByTestId('request-node').click();
  await page.getByRole('option', { name: '现场审批（两级）' }).click();
  await page.getByTestId('request-submit').click();
  await expect(page.getByTestId('request-submit')).toBeHidden();

  const record = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: title });
  await expect(record).toContainText('审批中', { timeout: 15_000 });
  await page.getByTestId('tab-inbox').click();
  await expect(page.getByTestId('approval-inbox').locator('tr').filter({ hasText: title })).toContainText('1 / 2', {
    timeout: 15_000,
  });

  await page.getByTestId('tab-records').click();
  await record.getByTestId('row-withdraw').click();
  await page.getByTestId('confirm-danger').click();
  await expect(record).toContainText('已撤回', { timeout: 15_000 });
  await expect(record.getByTestId('row-withdraw')).toHaveCount(0);
  await page.getByTestId('tab-inbox').click();
  await expect(page.getByTestId('inbox-empty').or(page.getByTestId('approval-inbox'))).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('tr').filter({ hasText: title })).toHaveCount(0);
});
