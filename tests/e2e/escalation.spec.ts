import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { AlarmTimeline } from '../../src/shared/alarms/api';
import { api, deviceOf, expectShell, loginWithAccount, sim, tokenOf, workDir, type ApiRow } from './helpers';

// docs/alarms.md#acknowledgement-and-escalation, end to end: an SOS from the simulator rings on two
// consoles; nobody answers; the policy's steps fire (the consoles ring again, then the staff on
// duty and an SMS to the device's emergency contact); an operator acknowledges on one console,
// both stop ringing and show who took it; no later step fires; the timeline shows each step and
// /alarmTongji the time to acknowledge. The demo's own SOS policy waits 15/45/120 s: this one
// waits 3/6/60 s, and the demo's policies are switched off meanwhile (and on again after).
test.describe.configure({ mode: 'serial' });

const CONTACT = '13900000001';

function smsTo(phone: string): string[] {
  const file = join(workDir(), 'data', 'sms-outbox.log');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes(phone));
}

async function openConsole(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginWithAccount(page, 'demo', 'demo123');
  await expectShell(page);
  await expect(page.locator('html')).toHaveAttribute('data-live', 'connected', { timeout: 20_000 });
  return page;
}

test('an SOS nobody answers escalates until an operator takes it; every step is on its timeline', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
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
    const helmet = await deviceOf('helmet');
    const smsBefore = smsTo(CONTACT).length;
    await sim('send', '--imei', helmet, '--kind', 'sos');
    for (const page of [a, b]) await expect(page.getByTestId('sos-imei')).toHaveText(helmet, { timeout: 15_000 });
    const alarms = await api<{ rows: ApiRow[] }>(request, token, 'device/alarm/list', {
      filters: { imei: helmet, type: 15 },
      sort: [{ field: 'id', order: 'desc' }],
      size: 1,
    });
    const alarmId = alarms.data.rows[0]!.id;

    // Nobody answers: by 6 s the staff on duty were told and the contact has an SMS.
    await expect.poll(() => smsTo(CONTACT).length, { timeout: 20_000 }).toBe(smsBefore + 1);
    expect(smsTo(CONTACT).at(-1)).toContain('SOS求救');

    // One operator takes it: both consoles show who, and stop offering to.
    await a.getByTestId('sos-ack').click();
    for (const page of [a, b]) {
      await expect(page.getByTestId('sos-taken')).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('sos-ack')).toHaveCount(0);
    }

    const timeline = async () =>
      (await api<AlarmTimeline>(request, token, 'device/alarm/timeline', { id: alarmId })).data;
    await expect.poll(async () => (await timeline()).escalation).toBe('acknowledged');
    const entries = (await timeline()).entries;
    expect(entries.map((e) => [e.kind, e.step ?? null, e.channel ?? null])).toEqual([
      ['raised', null, null],
      ['notified', 0, 'console'],
      ['notified', 1, 'console'],
      ['notified', 2, 'sms'],
      ['acknowledged', null, null],
    ]);

    // The time to acknowledge is on /alarmTongji.
    await a.goto('/map/alarmTongji');
    await expect(a.getByTestId('response-by-operator')).toContainText('Demo administrator');
  } finally {
    await api(request, token, 'device/escalationPolicy/delete', { ids: [added.data.id] });
    for (const p of enabled) await api(request, token, 'device/escalationPolicy/update', { id: p.id, enabled: true });
  }
});
