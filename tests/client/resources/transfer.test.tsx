import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ImportReportModal } from '../../../src/client/features/resources/ImportReportModal';
import { exportResource } from '../../../src/client/features/resources/transfer';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

describe('export and import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('export posts the list state with the session header and saves the answered file', async () => {
    saveLogin('tok-1', demoUser);
    const fetch = vi.fn(
      async () =>
        new Response('id,name\n1,a\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="users.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const createObjectURL = vi.fn(() => 'blob:x');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await exportResource({ kind: 'user', name: 'user' }, 'csv', { keyword: 'a', sort: [{ field: 'id', order: 'asc' }] });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/user/export');
    expect((init.headers as Record<string, string>).Authorization).toBe('tok-1');
    expect(JSON.parse(String(init.body))).toEqual({ keyword: 'a', sort: [{ field: 'id', order: 'asc' }], format: 'csv' });
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('a JSON answer to export is an envelope error, translated by its key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ code: 403, msg: 'No permission', key: 'noPermission', data: null })),
    );
    await expect(exportResource({ kind: 'user', name: 'user' }, 'xlsx', {})).rejects.toThrow('暂无查看权限');
  });

  it('the import report lists each failed row with its messages', () => {
    renderWithProviders(
      <ImportReportModal
        report={{
          total: 3,
          imported: 1,
          errors: [
            { row: 2, messages: ['required'] },
            { row: 4, messages: ['phoneInvalid', 'Custom'] },
          ],
        }}
        onClose={() => undefined}
      />,
    );
    const report = screen.getByTestId('import-report');
    expect(report).toHaveTextContent('共 3 行，成功导入 1 行。');
    expect(report).toHaveTextContent('此项为必填项');
    expect(report).toHaveTextContent(/手机号须为11位数字.*; Custom/);
  });
});
