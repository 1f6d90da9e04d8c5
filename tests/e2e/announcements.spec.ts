import { expect, test, type APIRequestContext } from '@playwright/test';
import { loginWithAccount } from './helpers';

interface Envelope<T> {
  code: number;
  key?: string;
  data: T;
}
type Row = Record<string, unknown> & { id: number };

async function api<T>(request: APIRequestContext, token: string, path: string, body: object): Promise<Envelope<T>> {
  const res = await request.post(`/api/${path}`, { data: body, headers: { authorization: token } });
  return (await res.json()) as Envelope<T>;
}

async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/api/auth/auth/login', { data: { username, password: 'demo123', language: 'CN' } });
  return String(login.headers().authorization);
}

// The demo's site lead (src/entities/leave-request/seed.ts) logs in with demo123 and is the recipient.
const RECIPIENT = 'sitelead';

// /AnnouncementList -> the recipient's console: the administrator publishes an announcement that
// needs no approval, the site lead's open board shows it live (notification and list), opening it
// is the read receipt, and the administrator's list counts 1 of 1 read.
test('an announcement published on /AnnouncementList reaches its recipient live and is counted read', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const admin = await tokenOf(request, 'demo');
  const users = await api<{ rows: Row[] }>(request, admin, 'user/user/list', { page: 1, size: 5, keyword: RECIPIENT });
  const lead = users.data.rows.find((u) => u.username === RECIPIENT);
  expect(lead, 'the demo seed has the site lead').toBeTruthy();
  const title = `E2E公告 ${Date.now()}`;
  const draft = await api<Row>(request, admin, 'user/announcement/add', { title, content: '今天下午两点安全检查', level: 2, scope: 1, userIds: [lead!.id], needApproval: 2 });
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
  await expect(board.getByTestId('announcement-notification').filter({ hasText: '今天下午两点安全检查' })).toBeVisible({ timeout: 15_000 });
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
