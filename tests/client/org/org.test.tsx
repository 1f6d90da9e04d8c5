import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toTreeNodes, withAncestors } from '../../../src/client/features/org/catalogTree';
import { applyEnterpriseSchema, resetPasswordSchema } from '../../../src/client/features/org/schemas';
import { UserScreen } from '../../../src/client/features/org/UserScreen';
import { ApplyEnterpriseModal } from '../../../src/client/features/org/ApplyEnterpriseModal';
import { EnterpriseApplications } from '../../../src/client/features/org/EnterpriseApplications';
import type { RoleTreeNode } from '../../../src/client/features/resources/resources.queries';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

// jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const node = (id: number, pid: number, name: string, type: number, list: RoleTreeNode[] = []): RoleTreeNode => ({
  id,
  pid,
  name,
  enName: `${name}-en`,
  value: name,
  type,
  mark: null,
  list,
});
const tree = [
  node(1, 0, '设备', 0, [node(2, 1, 'DeviceList', 1, [node(3, 2, 'device:add', 2)])]),
  node(4, 0, 'alarmList', 1),
];

describe('catalogue tree helpers', () => {
  it('checking a menu (or button) also checks its directory chain', () => {
    expect(withAncestors(tree, [3]).sort()).toEqual([1, 2, 3]);
    expect(withAncestors(tree, [4])).toEqual([4]);
  });
  it('labels follow the language', () => {
    expect(toTreeNodes(tree, 'cn')[0]!.label).toBe('设备');
    expect(toTreeNodes(tree, 'en')[0]!.children?.[0]!.label).toBe('DeviceList-en');
  });
});

describe('org form schemas', () => {
  it('reset password needs 6+ characters and a matching confirmation', () => {
    expect(resetPasswordSchema.safeParse({ password: '123', confirm: '123' }).success).toBe(false);
    const mismatch = resetPasswordSchema.safeParse({ password: '123456', confirm: '1234567' });
    expect(mismatch.success || mismatch.error.issues[0]!.message).toBe('mismatch');
    expect(resetPasswordSchema.safeParse({ password: '123456', confirm: '123456' }).success).toBe(true);
  });
  it('enterprise application needs a contact and a valid phone', () => {
    expect(applyEnterpriseSchema.safeParse({ contact: '', phone: '13800000000', note: '' }).success).toBe(false);
    expect(applyEnterpriseSchema.safeParse({ contact: 'A', phone: '12800000000', note: '' }).success).toBe(false);
    expect(applyEnterpriseSchema.safeParse({ contact: 'A', phone: '13800000000', note: '' }).success).toBe(true);
  });
});

describe('org screens', () => {
  const calls: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    calls.length = 0;
    configureRequest({
      notify: () => undefined,
      fetch: (async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/user/user/list')
          return envelope({
            code: 0,
            msg: 'ok',
            data: { rows: [{ id: 9, username: 'u9', name: 'U9', kind: 'user', status: 1, roleIds: [] }], total: 1 },
          });
        if (url === '/api/user/tenantApplication/list') {
          const row = { id: 5, tenantId: 2, tenantName: 'Acme Works', contact: 'Li', phone: '13900000001', status: 1 };
          return envelope({ code: 0, msg: 'ok', data: { rows: [row], total: 1 } });
        }
        if (url.endsWith('/list')) return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
        return envelope({ code: 0, msg: 'ok', data: null });
      }) as unknown as typeof fetch,
    });
  });
  afterEach(() => resetRequestDeps());

  it('user list: super administrators get grant highest authorisation (confirmed); others do not', async () => {
    saveLogin('tok', { ...demoUser, kind: 'super', marks: ['*'] });
    renderWithProviders(<UserScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('u9');
    expect(screen.getByTestId('row-assignRoles')).toBeInTheDocument();
    expect(screen.getByTestId('row-resetPassword')).toBeInTheDocument();
    expect(screen.queryByTestId('row-cancelSuper')).toBeNull();
    fireEvent.click(screen.getByTestId('row-grantSuper'));
    fireEvent.click(await screen.findByTestId('confirm-danger'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/user/grantSuper')?.body).toEqual({ id: 9 }));
  });

  it('user list: without marks or super rights the extra actions are hidden', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    renderWithProviders(<UserScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('u9');
    expect(screen.queryByTestId('row-assignRoles')).toBeNull();
    expect(screen.queryByTestId('row-grantSuper')).toBeNull();
  });

  it('reset password checks the confirmation before sending', async () => {
    saveLogin('tok', { ...demoUser, marks: ['*'] });
    renderWithProviders(<UserScreen search={{}} onSearchChange={() => undefined} />);
    await screen.findByText('u9');
    fireEvent.click(screen.getByTestId('row-resetPassword'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/新密码/), { target: { value: 'abcdef' } });
    fireEvent.change(within(dialog).getByLabelText(/确认密码/), { target: { value: 'abcdeg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/确认密码/), { target: { value: 'abcdef' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/user/resetPassword')?.body).toEqual({ id: 9, password: 'abcdef' }),
    );
  });

  it('enterprise applications name the applying tenant', async () => {
    saveLogin('tok', { ...demoUser, kind: 'super', marks: ['*'] });
    renderWithProviders(<EnterpriseApplications />);
    expect(await screen.findByText('Acme Works')).toBeInTheDocument();
  });

  it('upgrade enterprise sends the application', async () => {
    saveLogin('tok', { ...demoUser, marks: [] });
    const onClose = vi.fn();
    renderWithProviders(<ApplyEnterpriseModal opened onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/备注/), { target: { value: '需要更多设备' } });
    fireEvent.click(within(dialog).getByTestId('apply-enterprise'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/tenant/applyEnterprise')?.body).toEqual({
        contact: demoUser.name,
        phone: demoUser.phone,
        note: '需要更多设备',
      }),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
