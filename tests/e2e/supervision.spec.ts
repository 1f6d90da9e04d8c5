import { expect, test } from './fixtures';
import { api, sim, tokenOf, type ApiRow, signIn } from './helpers';

/** About 500 m in latitude: well beyond a seeded home fence (250 m) and its margin. */
const OUTSIDE_DEG = 0.0045;
/** Type 20, a fence exit (src/shared/alarms). */
const FENCE_EXIT = 20;

// A monitored person's bracelet leaves the home fence it must stay in: device -> broker -> ingest
// -> fence evaluation -> alarm engine -> push to the supervisor (the demo administrator), whose
// console shows it live, and the person's record (详情 in /regulatoryList) lists it. The person is
// the demo's last one: the simulator's wanderer (src/sim/supervision.ts) wears the first bracelet.
test('a bracelet leaving its home fence alarms its supervisor’s console live, and the person’s record lists the exit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, 'demo');
  const persons = await api<{ rows: ApiRow[] }>(request, admin, 'user/monitoredPerson/list', { page: 1, size: 20 });
  const person = persons.data.rows
    .filter((p) => p.deviceId && p.fenceId)
    .sort((a, b) => a.id - b.id)
    .at(-1);
  expect(person, 'the demo seed has monitored persons with a bracelet and a fence').toBeTruthy();
  const device = (await api<ApiRow>(request, admin, 'device/device/get', { id: person!.deviceId })).data;
  const fence = (await api<ApiRow>(request, admin, 'device/fence/get', { id: person!.fenceId })).data;
  const imei = String(device.imei);
  const [lat, lon] = [Number(fence.latitude), Number(fence.longitude)];

  await signIn(page, 'demo', 'demo123');
  await page.goto('/regulatoryList');
  await expect(page.getByTestId('supervision-strip')).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });

  // At home first, so the exit is a move out of the fence and not a first fix.
  await sim('send', '--imei', imei, '--kind', 'location', '--value', `${lat},${lon}`);
  await page.waitForTimeout(1500);
  await sim('send', '--imei', imei, '--kind', 'location', '--value', `${lat + OUTSIDE_DEG},${lon}`);
  const name = String(device.name ?? imei);
  await expect(
    page.getByTestId('alarm-notification').filter({ hasText: name }).filter({ hasText: '出围栏告警' }).first(),
  ).toBeVisible({ timeout: 15_000 });

  await page
    .getByTestId('data-table')
    .locator('tbody tr')
    .filter({ hasText: String(person!.name) })
    .getByTestId('row-open')
    .click();
  await expect(page).toHaveURL(new RegExp(`/map/regulatoryUser\\?id=${person!.id}$`));
  await expect(page.getByTestId('person-name')).toHaveText(String(person!.name), { timeout: 20_000 });
  await expect(page.getByTestId('person-alarms')).toContainText('出围栏告警');
  const alarms = (
    await api<{ alarms: { type: number }[] }>(request, admin, 'user/monitoredPerson/detail', { id: person!.id })
  ).data.alarms;
  expect(alarms.map((a) => a.type)).toContain(FENCE_EXIT);
});

test('a person’s record opened by its address under either layout keeps the person', async ({ page, request }) => {
  const admin = await tokenOf(request, 'demo');
  const [person] = (await api<{ rows: ApiRow[] }>(request, admin, 'user/monitoredPerson/list', { page: 1, size: 1 }))
    .data.rows;
  await signIn(page, 'demo', 'demo123');
  await page.goto(`/regulatoryUser?id=${person!.id}`);
  await expect(page).toHaveURL(new RegExp(`/map/regulatoryUser\\?id=${person!.id}$`));
  await expect(page.getByTestId('person-name')).toHaveText(String(person!.name), { timeout: 20_000 });
});
