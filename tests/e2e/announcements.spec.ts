import { expect, test } from './fixtures';
import { loginWithAccount, api, type ApiRow as Row, tokenOf } from './helpers';

// The demo's site lead (src/entities/leave-request/seed.ts) logs in with demo123 and is the recipient.
const RECIPIENT = 'sitelead';

// /AnnouncementList -> the recipient's console: the administrator publishes an announcement that
// needs no approval, the site lead's open board shows it live (notification and list), opening it
// is the read receipt, and the administrator's list counts 1 of 1 read.
test('an announcement published on /AnnouncementList reaches its recipient live and is counted read', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, 'demo');
  const users = await api<{ rows: Row[] }>(request, admin, 'user/user/list', { page: 1, size: 5, keyword: RECIPIENT });
  const lead = users.data.rows.find((u) => u.username === RECIPIENT);
  expect(lead, 'the demo seed has the site lead').toBeTruthy();
  const title = `E2E公告 ${Date.now()}`;
  const draft = await api<Row>(request, admin, 'user/announcement/add', {
    title,
    content: '今天下午两点安全检查',
    level: 2,
    scope: 1,
    userIds: [lead!.id],
    needApproval: 2,
  });
  expect(draft.code).toBe(0);

  // The recipient's console, open on the site's board before anything is published.
  const recipient = await browser.newContext();
  const board = await recipient.newPage();
  await loginWithAccount(board, RECIPIENT, 'demo123');
  // The first load of the bundle may be slow on a busy machine.
  await expect(board.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await board.goto('/map/siteAnnouncement');
  await expect(board.getByTestId('announcement-board')).toBeVisible({ timeout: 20_000 });
  await expect(board.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  await expect(board.getByTestId('announcement-item').filter({ hasText: title })).toHaveCount(0);

  // The administrator publishes it (asked first).
  await loginWithAccount(page, 'demo', 'demo123');
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await page.goto(`/AnnouncementList?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: title });
  await row.getByTestId('row-publish').click();
  await page.getByTestId('confirm-danger').click();
  await expect(row.getByTestId(`announcement-state-${draft.data.id}`)).toBeVisible();
  await expect(row.getByTestId(`announcement-read-${draft.data.id}`)).toHaveText('0/1', { timeout: 15_000 });

  // Live on the recipient's console: the notification and the board, unread.
  await expect(board.getByTestId('announcement-notification').filter({ hasText: '今天下午两点安全检查' })).toBeVisible({
    timeout: 15_000,
  });
  const item = board.getByTestId('announcement-item').filter({ hasText: title });
  await expect(item).toHaveAttribute('data-read', 'false', { timeout: 15_000 });
  await item.click();
  await expect(board.getByTestId('announcement-detail')).toContainText('今天下午两点安全检查');
  await expect(item).toHaveAttribute('data-read', 'true', { timeout: 15_000 });

  // The administrator sees it read.
  await page.reload();
  await expect(row.getByTestId(`announcement-read-${draft.data.id}`)).toHaveText('1/1', { timeout: 15_000 });
  await row.getByTestId(`announcement-read-${draft.data.id}`).click();
  await expect(page.getByTestId('announcement-receipts').getByTestId('receipt-row')).toHaveCount(1);
  await recipient.close();
});

// The demo's two-level node (src/entities/leave-request/seed.ts): level 1 the site lead, level 2
// the administrator. An announcement for the site lead that needs approval is published from
// /AnnouncementList, stays pending after the first approval in /audit's inbox, and reaches the
// site lead's console live only after the second.
test('an announcement that needs two approvals is published only after both, each given in /audit', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, 'demo');
  const users = await api<{ rows: Row[] }>(request, admin, 'user/user/list', { page: 1, size: 5, keyword: RECIPIENT });
  const lead = users.data.rows.find((u) => u.username === RECIPIENT)!;
  const nodes = await api<{ rows: Row[] }>(request, admin, 'user/approvalNode/list', {
    page: 1,
    size: 5,
    keyword: '现场审批（两级）',
  });
  const node = nodes.data.rows[0];
  expect(node, 'the demo seed has the two-level node').toBeTruthy();
  const title = `E2E审批公告 ${Date.now()}`;
  const content = '塔吊二号明早停用检修';
  const draft = await api<Row>(request, admin, 'user/announcement/add', {
    title,
    content,
    level: 1,
    scope: 1,
    userIds: [lead.id],
    needApproval: 1,
    approvalNodeId: node!.id,
  });
  expect(draft.code).toBe(0);
  const state = async () => (await api<Row>(request, admin, 'user/announcement/get', { id: draft.data.id })).data.state;

  // The administrator publishes it: it waits for approval.
  await loginWithAccount(page, 'demo', 'demo123');
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await page.goto(`/AnnouncementList?keyword=${encodeURIComponent(title)}`);
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: title });
  await row.getByTestId('row-publish').click();
  await page.getByTestId('confirm-danger').click();
  await expect.poll(state, { timeout: 15_000 }).toBe(2);

  // Level 1, the site lead, approves in /audit's inbox; it is still pending.
  const leadContext = await browser.newContext();
  const leadPage = await leadContext.newPage();
  await loginWithAccount(leadPage, RECIPIENT, 'demo123');
  await expect(leadPage.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await leadPage.goto('/audit');
  await expect(leadPage.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  const leadRow = leadPage.getByTestId('approval-inbox').locator('tr').filter({ hasText: title });
  await expect(leadRow).toContainText('1 / 2', { timeout: 20_000 });
  await leadRow.getByRole('button', { name: '同意' }).click();
  await leadPage.getByTestId('decision-comment').fill('同意，注意安全');
  await leadPage.getByTestId('decision-confirm').click();
  await expect(leadRow).toHaveCount(0, { timeout: 15_000 });
  expect(await state()).toBe(2);
  await expect(leadPage.getByTestId('announcement-notification')).toHaveCount(0);

  // Level 2, the administrator, approves: published, and the site lead's console shows it live.
  await page.goto('/audit');
  const adminRow = page.getByTestId('approval-inbox').locator('tr').filter({ hasText: title });
  await expect(adminRow).toContainText('2 / 2', { timeout: 20_000 });
  await adminRow.getByRole('button', { name: '同意' }).click();
  await page.getByTestId('decision-confirm').click();
  await expect(adminRow).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(state, { timeout: 15_000 }).toBe(3);
  await expect(leadPage.getByTestId('announcement-notification').filter({ hasText: content })).toBeVisible({
    timeout: 15_000,
  });
  await leadContext.close();
});
