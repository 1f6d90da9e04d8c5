import { expect, test } from './fixtures';
import { api, type ApiRow as Row, tokenOf, signIn } from './helpers';

// SIM_STATE (src/entities/sim-card/resource.ts): 3 live active, 4 stopped.
const LIVE = '3';
const STOPPED = '4';

// /SIMCard: a live demo card is suspended (asked first) and shows 停机, then resumed back to live.
test('a demo card is suspended and resumed on /SIMCard, its state badge following', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'demo');
  const cards = await api<{ rows: Row[] }>(request, token, 'iot/simCard/list', {
    page: 1,
    size: 5,
    filters: { state: 3 },
  });
  expect(cards.code).toBe(0);
  const card = cards.data.rows[0]!;
  expect(card, 'the demo seed has live cards').toBeTruthy();
  const iccid = String(card.iccid);

  await signIn(page, 'demo', 'demo123');
  await page.goto(`/SIMCard?keyword=${iccid}`);
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: iccid });
  const badge = row.getByTestId(`sim-state-${card.id}`);
  await expect(badge).toHaveAttribute('data-state', LIVE, { timeout: 20_000 });
  // Usage shows against the package's allowance.
  await expect(row.getByTestId(`sim-data-${card.id}`)).toBeVisible();

  // Asked first: cancelling changes nothing.
  await row.getByTestId('row-suspend').click();
  await expect(page.getByTestId('confirm-danger')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(badge).toHaveAttribute('data-state', LIVE);

  await row.getByTestId('row-suspend').click();
  await page.getByTestId('confirm-danger').click();
  await expect(badge).toHaveAttribute('data-state', STOPPED, { timeout: 30_000 });
  await expect(row.getByTestId('row-suspend')).toHaveCount(0);
  const stopped = await api<Row>(request, token, 'iot/simCard/get', { id: card.id });
  expect(stopped.data.state).toBe(4);

  await row.getByTestId('row-resume').click();
  await page.getByTestId('confirm-danger').click();
  await expect(badge).toHaveAttribute('data-state', LIVE, { timeout: 30_000 });
  await expect(row.getByTestId('row-suspend')).toBeVisible();
  const live = await api<Row>(request, token, 'iot/simCard/get', { id: card.id });
  expect(live.data.state).toBe(3);
});

// /DeviceSim: a bound demo card is unbound (asked first), the device has "no bound card", then
// the card is bound to the same device again with the device picker and the look-up finds it.
test('a card is unbound from its device and bound again on /DeviceSim', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'demo');
  const cards = await api<{ rows: Row[] }>(request, token, 'iot/simCard/list', { page: 1, size: 50 });
  const card = cards.data.rows.find((r) => r.deviceId && r.imei)!;
  expect(card, 'the demo seed binds cards to devices').toBeTruthy();
  const iccid = String(card.iccid);
  const imei = String(card.imei);

  await signIn(page, 'demo', 'demo123');
  await page.goto(`/DeviceSim?keyword=${iccid}`);
  const row = page.getByTestId('data-table').locator('tbody tr').filter({ hasText: iccid });
  await expect(row.getByTestId(`sim-imei-${card.id}`)).toHaveText(imei, { timeout: 20_000 });

  await row.getByTestId('row-unbind').click();
  await page.getByTestId('confirm-danger').click();
  await expect(row.getByTestId(`sim-imei-${card.id}`)).toHaveText('—', { timeout: 20_000 });
  expect((await api<Row>(request, token, 'iot/simCard/get', { id: card.id })).data.deviceId).toBeNull();

  // The device has no card now: the look-up says so.
  await page.getByTestId('sim-lookup-imei').fill(imei);
  await page.getByTestId('sim-lookup').click();
  const result = page.getByTestId('sim-lookup-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('sim-lookup-iccid')).toHaveCount(0);

  await row.getByTestId('row-bind').click();
  const dialog = page.getByTestId('sim-bind');
  await expect(dialog.getByTestId('sim-bind-card')).toHaveValue(new RegExp(iccid));
  await dialog.getByTestId('track-device').fill(imei);
  await page.getByRole('option', { name: new RegExp(imei) }).click();
  await dialog.getByTestId('sim-bind-ok').click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId(`sim-imei-${card.id}`)).toHaveText(imei, { timeout: 20_000 });
  expect((await api<Row>(request, token, 'iot/simCard/get', { id: card.id })).data.deviceId).toBe(card.deviceId);

  await page.getByTestId('sim-lookup').click();
  await expect(page.getByTestId('sim-lookup-iccid')).toHaveText(iccid);
});
