import { expect, test } from './fixtures';
import { signIn } from './helpers';

// /alarmEscalation (docs/alarms.md#acknowledgement-and-escalation): the demo SOS policy opens with its
// steps as a chain by delay; a step is added in place and removed again after a confirmation.
test('the demo SOS policy reads as a chain; a step is added and removed in place', async ({ page }) => {
  await signIn(page, 'demo', 'demo123');
  await page.goto('/alarmEscalation');
  await page.getByRole('button', { name: 'SOS 默认升级' }).click();
  const drawer = page.getByTestId('escalation-drawer');
  const links = drawer.getByTestId('escalation-link');
  await expect(drawer.getByTestId('escalation-scope-type')).toHaveText('SOS求救');
  await expect(links).toHaveCount(3);
  await expect(links.nth(0)).toHaveAttribute('aria-label', '15 秒 → 再次响铃（控制台） + 值班人员（手机推送）');
  await expect(links.nth(1)).toHaveAttribute(
    'aria-label',
    '45 秒 → 最近的 3 名值班人员（2000 米内）（控制台和手机推送） + 紧急联系人（短信）',
  );
  await expect(links.nth(2)).toHaveAttribute('aria-label', /^120 秒 → 用户 .+（语音电话）$/);

  await drawer.getByTestId('escalation-step-add').click();
  const editor = drawer.getByTestId('escalation-step-editor');
  await editor.getByTestId('escalation-step-delay').fill('300');
  await editor.getByTestId('escalation-step-save').click();
  await expect(editor).toHaveCount(0);
  await expect(links).toHaveCount(4);
  const added = links.nth(3);
  await expect(added).toHaveAttribute('aria-label', '300 秒 → 再次响铃（控制台）');

  await added.getByTestId('escalation-step-delete').click();
  const dialog = page.getByRole('dialog', { name: '操作确认' });
  await expect(dialog).toContainText('300 秒 → 再次响铃（控制台）');
  await dialog.getByRole('button', { name: '删除' }).click();
  await expect(links).toHaveCount(3);
  await expect(links.nth(2)).toHaveAttribute('aria-label', /^120 秒/);
});
