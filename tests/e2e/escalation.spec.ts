import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { AlarmStats, AlarmTimeline } from '../../src/shared/alarms/api';
import { api, expectShell, sim, sosAlarms, tokenOf, workDir, type ApiRow, signIn } from './helpers';

// docs/alarms.md#acknowledgement-and-escalation, end to end: an SOS from the simulator (a door unit
// of the demo community, whose property staff on duty is the demo administrator) rings on two
// consoles of the staff on duty and on a third of an operator who is not (the visitor, who sees
// alarms); nobody answers; the policy's steps fire: every console rings again, then only the staff
// on duty's, and an SMS goes to the device's emergency contact; an operator acknowledges on one
// console, both stop ringing and show who took it; no later step fires; the timeline shows each
// step and /alarmTongji the time to acknowledge. The demo's own SOS policy waits 15/45/120 s: this
// one waits 3/6/60 s, and the demo's policies are switched off meanwhile (and on again after).
test.describe.configure({ mode: 'serial' });

const CONTACT = '13900000001';

function smsTo(phone: string): string[] {
  const file = join(workDir(), 'data', 'sms-outbox.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes(phone));
}

/** A console and the alarms spoken to it (the voice socket's notices, by alarm id: each is one ring). */
interface Console {
  page: Page;
  rings: (alarmId: number) => number;
}

async function openConsole(browser: Browser, as: 'demo' | 'visitor' = 'demo'): Promise<Console> {
  const page = await (await browser.newContext()).newPage();
  const spoken: number[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"msgContent"')) return;
      const notice = JSON.parse(payload) as { alarmId?: number };
      if (notice.alarmId !== undefined) spoken.push(notice.alarmId);
    }),
  );
  if (as === 'visitor') {
    await page.goto('/login');
    await page.getByTestId('visitor-login').click();
  } else {
    // A light screen: the SOS dialog is the shell's, whatever the screen.
    await signIn(page, 'demo');
    await page.goto('/DeviceList');
  }
  await expect(page.getByTestId('side-menu')).toBeVisible({ timeout: 45_000 });
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  return { page, rings: (alarmId) => spoken.filter((id) => id === alarmId).length };
}

/** A door unit installed in the demo community (the community of its staff on duty): its IMEI. */
async function communityDoorUnit(request: APIRequestContext, token: string): Promise<string> {
  const [community] = (
    await api<{ rows: ApiRow[] }>(request, token, 'user/community/list', { keyword: '阳光花园', size: 1 })
  ).data.rows;
  const tree = await api<{ buildings: { units: { doorUnits: number[] }[] }[] }>(request, token, 'user/community/tree', {
    id: community!.id,
  });
  const installed = new Set(tree.data.buildings.flatMap((b) => b.units.flatMap((u) => u.doorUnits)));
  const doors = await api<{ rows: ApiRow[] }>(request, token, 'device/device/list', {
    filters: { kind: 'doorUnit' },
    size: 100,
  });
  const door = doors.data.rows.find((d) => installed.has(d.id as number));
  expect(door).toBeDefined();
  return String(door!.imei);
}

test('an SOS nobody answers escalates until an operator takes it; every step is on its timeline', async ({
  browser,
  request,
}) => {
  test.setTimeout(210_000);
  const token = await tokenOf(request, 'demo');
  const policies = (await api<{ rows: ApiRow[] }>(request, token, 'device/escalationPolicy/list', { size: 100 })).data
    .rows;
  const enabled = policies.filter((p) => p.enabled === true);
  for (const p of enabled) await api(request, token, 'device/escalationPolicy/update', { id: p.id, enabled: false });
  const added = await api<ApiRow>(request, token, 'device/escalationPolicy/add', {
    name: 'e2e SOS',
    alarmType: 15,
    enabled: true,
  });
  expect(added.code).toBe(0);
  const users = await api<{ rows: ApiRow[] }>(request, token, 'user/user/list', { keyword: 'demo', size: 10 });
  const demoId = users.data.rows.find((u) => u.username === 'demo')!.id;
  for (const step of [
    { delaySeconds: 3, target: 'repeat', viaConsole: true },
    { delaySeconds: 6, target: 'onDuty', viaConsole: true },
    { delaySeconds: 6, target: 'contacts', viaSms: true },
    { delaySeconds: 60, target: 'user', userId: demoId, viaVoice: true },
  ])
    expect((await api(request, token, 'device/escalationStep/add', { policyId: added.data.id, ...step })).code).toBe(0);

  try {
    const [a, b] = [await openConsole(browser), await openConsole(browser)];
    const other = await openConsole(browser, 'visitor');
    const door = await communityDoorUnit(request, token);
    const smsBefore = smsTo(CONTACT).length;
    // The demo's history has alarms the administrator took: /alarmTongji's figures must grow by this one.
    const response = async () => (await api<AlarmStats>(request, token, 'device/alarm/stats', {})).data.response;
    const tookBefore = (await response()).byOperator.find((o) => o.name === 'Demo administrator')?.acknowledged ?? 0;
    const escalatedBefore = (await response()).escalated;
    await sim('send', '--imei', door, '--kind', 'sos');
    for (const { page } of [a, b]) await expect(page.getByTestId('sos-imei')).toHaveText(door, { timeout: 15_000 });
    const alarmId = (await sosAlarms(request, token, door))[0]!.id;

    // Nobody answers: by 6 s the staff on duty were told and the contact has an SMS.
    await expect.poll(() => smsTo(CONTACT).length, { timeout: 20_000 }).toBe(smsBefore + 1);
    expect(smsTo(CONTACT).at(-1)).toContain('SOS求救');
    // Each console rang at the raise and at 3 s; at 6 s only those of the staff on duty rang again.
    for (const c of [a, b]) await expect.poll(() => c.rings(alarmId)).toBe(3);
    expect(other.rings(alarmId)).toBe(2);

    // One operator takes it: both consoles show who, and stop offering to.
    await a.page.getByTestId('sos-ack').click();
    for (const { page } of [a, b]) {
      await expect(page.getByTestId('sos-taken')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('sos-ack')).toHaveCount(0);
    }

    const timeline = async () =>
      (await api<AlarmTimeline>(request, token, 'device/alarm/timeline', { id: alarmId })).data;
    await expect.poll(async () => (await timeline()).escalation).toBe('acknowledged');
    const entries = (await timeline()).entries;
    expect(entries.find((e) => e.step === 1)?.target).toBe('Demo administrator');
    expect(entries.map((e) => [e.kind, e.step ?? null, e.channel ?? null])).toEqual([
      ['raised', null, null],
      ['notified', 0, 'console'],
      ['notified', 1, 'console'],
      ['notified', 2, 'sms'],
      ['acknowledged', null, null],
    ]);

    // The time to acknowledge is on /alarmTongji.
    expect(other.rings(alarmId)).toBe(2);
    await a.page.goto('/map/alarmTongji');
    await expect(a.page.getByTestId('response-by-operator')).toContainText('Demo administrator');
    await expect(a.page.getByTestId('alarm-escalated')).toHaveText(new RegExp(`: ${escalatedBefore + 1}$`));
    expect((await response()).byOperator.find((o) => o.name === 'Demo administrator')?.acknowledged).toBe(
      tookBefore + 1,
    );
  } finally {
    await api(request, token, 'device/escalationPolicy/delete', { ids: [added.data.id] });
    for (const p of enabled) await api(request, token, 'device/escalationPolicy/update', { id: p.id, enabled: true });
  }
});
