import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { PolicyScreen } from '../../../src/client/features/escalation/PolicyScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { envelope, demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

// /alarmEscalation (docs/alarms.md#acknowledgement-and-escalation): a policy opens with its steps as a chain.
const SOS = { id: 1, name: 'SOS 默认升级', alarmType: 15, fromTime: '22:00', toTime: '06:00', enabled: true };
const EMPTY = { id: 2, name: '空策略', alarmType: null, fromTime: null, toTime: null, enabled: false };
const STEPS = [
  { id: 13, policyId: 1, delaySeconds: 120, target: 'user', userId: 7, viaVoice: true },
  { id: 11, policyId: 1, delaySeconds: 15, target: 'repeat', viaConsole: true },
  { id: 12, policyId: 1, delaySeconds: 45, target: 'onDuty', viaConsole: true },
  { id: 14, policyId: 1, delaySeconds: 45, target: 'contacts', viaSms: true, viaConsole: true },
];

let calls: Call[];
const refusal = (key: string, msg: string) => () => envelope({ code: 400, key, msg, data: null });

function setup(marks: string[], answers: Record<string, unknown> = {}) {
  saveLogin('tok', { ...demoUser, marks });
  calls = mockApi({
    '/api/device/escalationPolicy/list': { rows: [SOS, EMPTY], total: 2 },
    '/api/device/escalationPolicy/get': (b: unknown) => [SOS, EMPTY].find((p) => p.id === (b as { id: number }).id),
    '/api/device/escalationStep/list': (b: unknown) => {
      const rows = STEPS.filter((s) => s.policyId === (b as { filters: { policyId: number } }).filters.policyId);
      return { rows, total: rows.length };
    },
    '/api/user/user/list': { rows: [{ id: 7, name: 'admin' }], total: 1 },
    '/api/user/role/list': { rows: [{ id: 3, name: '值班长' }], total: 1 },
    ...answers,
  });
}
afterEach(() => resetRequestDeps());

function Screen() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <PolicyScreen search={search} onSearchChange={setSearch} />;
}

async function open(name: string) {
  renderWithProviders(<Screen />);
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByTestId('escalation-drawer');
}

const sent = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body);

describe('/alarmEscalation policy screen', () => {
  beforeEach(() => setup(['*']));

  it('shows the scope and the steps as a chain by delay, those of one delay together', async () => {
    const drawer = await open('SOS 默认升级');
    expect(within(drawer).getByTestId('escalation-scope-type')).toHaveTextContent('SOS求救');
    expect(within(drawer).getByTestId('escalation-scope-hours')).toHaveTextContent('22:00–06:00（跨午夜）');
    expect(within(drawer).getByTestId('escalation-enabled')).toBeChecked();
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('escalation-link')
          .map((l) => l.getAttribute('aria-label')),
      ).toEqual([
        '15 秒 → 再次响铃（控制台）',
        // The contacts' console flag is not a channel they have: only the SMS is shown.
        '45 秒 → 值班人员（控制台） + 紧急联系人（短信）',
        '120 秒 → 用户 admin（语音电话）',
      ]),
    );
  });

  it('an empty policy says what a step would do; a catch-all names every critical alarm', async () => {
    const drawer = await open('空策略');
    expect(await within(drawer).findByTestId('escalation-empty')).toHaveTextContent('15 秒 → 再次响铃（控制台）');
    expect(within(drawer).getByTestId('escalation-scope-type')).toHaveTextContent('所有紧急报警');
    expect(within(drawer).getByTestId('escalation-scope-hours')).toHaveTextContent('全天');
  });

  it('adds a step with its target and channels', async () => {
    const drawer = await open('空策略');
    fireEvent.click(await within(drawer).findByTestId('escalation-step-add'));
    const editor = within(drawer).getByTestId('escalation-step-editor');
    fireEvent.change(within(editor).getByTestId('escalation-step-delay'), { target: { value: '20' } });
    fireEvent.click(within(editor).getByLabelText('短信'));
    fireEvent.click(within(editor).getByTestId('escalation-step-save'));
    await waitFor(() =>
      expect(sent('/api/device/escalationStep/add')).toEqual([
        {
          policyId: 2,
          delaySeconds: 20,
          target: 'repeat',
          userId: null,
          roleId: null,
          address: null,
          nearestCount: null,
          nearestMeters: null,
          viaConsole: true,
          viaPush: false,
          viaSms: true,
          viaVoice: false,
          viaEmail: false,
        },
      ]),
    );
    await waitFor(() => expect(within(drawer).queryByTestId('escalation-step-editor')).toBeNull());
  });

  it("shows the service's step problem on the field it is about", async () => {
    setup(['*'], {
      '/api/device/escalationStep/add': refusal('escalationTargetIncomplete', 'This target needs its user'),
    });
    const drawer = await open('空策略');
    fireEvent.click(await within(drawer).findByTestId('escalation-step-add'));
    const editor = within(drawer).getByTestId('escalation-step-editor');
    fireEvent.click(within(editor).getByTestId('escalation-step-target'));
    fireEvent.click(await within(editor).findByRole('option', { name: '指定用户' }));
    fireEvent.click(within(editor).getByTestId('escalation-step-save'));
    const user = await within(editor).findByTestId('escalation-step-user');
    await waitFor(() => expect(user).toHaveAccessibleDescription(/指定用户、角色或外部号码/));
    expect(within(editor).queryByTestId('escalation-step-error')).toBeNull();
  });

  it('asks before removing a step, and removes nothing when cancelled', async () => {
    const drawer = await open('SOS 默认升级');
    const remove = async () => {
      await waitFor(() => expect(within(drawer).getAllByTestId('escalation-step')).toHaveLength(4));
      fireEvent.click(within(drawer).getAllByTestId('escalation-step-delete')[0]!);
      return screen.findByRole('dialog', { name: /确认|删除/ });
    };
    let dialog = await remove();
    expect(dialog).toHaveTextContent('15 秒 → 再次响铃（控制台）');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定要删除步骤/)).toBeNull());
    expect(sent('/api/device/escalationStep/delete')).toEqual([]);
    dialog = await remove();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(sent('/api/device/escalationStep/delete')).toEqual([{ ids: [11] }]));
  });
});

describe('/alarmEscalation for a read-only user', () => {
  beforeEach(() => setup([]));

  it('shows the chain and the scope without a write control', async () => {
    const drawer = await open('SOS 默认升级');
    await waitFor(() => expect(within(drawer).getAllByTestId('escalation-link')).toHaveLength(3));
    expect(within(drawer).getByTestId('escalation-enabled-badge')).toHaveTextContent('已启用');
    expect(within(drawer).queryByTestId('escalation-enabled')).toBeNull();
    expect(within(drawer).queryByTestId('escalation-step-add')).toBeNull();
    expect(within(drawer).queryAllByTestId('escalation-step-edit')).toHaveLength(0);
    expect(within(drawer).queryAllByTestId('escalation-step-delete')).toHaveLength(0);
    expect(screen.queryByTestId('resource-add')).toBeNull();
  });
});
