import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ImportReportModal } from '../../../src/client/features/resources/ImportReportModal';
import { exportResource } from '../../../src/client/features/resources/transfer';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

describe('export and import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('export asks the service for a job with the list state and follows it to the download', async () => {
    saveLogin('tok-1', demoUser);
    const job = { id: 7, kind: 'export', title: '用户', resource: 'user/user', format: 'csv', state: 0, progress: 0, rows: null, total: null, fileName: null, bytes: null, error: null, createdAt: '2026-01-01T00:00:00Z', finishedAt: null, downloadable: false };
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      if (url.endsWith('/exportJob')) {
        expect(JSON.parse(String(init?.body))).toEqual({ keyword: 'a', sort: [{ field: 'id', order: 'asc' }], format: 'csv' });
        return envelope({ code: 0, msg: 'ok', key: 'jobQueued', data: job });
      }
      if (url.endsWith('/job/get')) return envelope({ code: 0, msg: 'ok', data: { ...job, state: 2, progress: 100, rows: 3, downloadable: true } });
      return envelope({ code: 0, msg: 'ok', data: { url: '/api/user/job/file/abc' } });
    });
    vi.stubGlobal('fetch', fetch);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<div />);
    expect(await exportResource({ kind: 'user', name: 'user' }, '用户', 'csv', { keyword: 'a', sort: [{ field: 'id', order: 'asc' }] })).toMatchObject({ id: 7 });
    await vi.waitFor(() => expect(click).toHaveBeenCalled(), { timeout: 5_000 });
    expect(calls).toEqual(['/api/user/user/exportJob', '/api/user/job/get', '/api/user/job/link']);
    click.mockRestore();
  });

  it('a refused export is an envelope error, translated by its key', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope({ code: 403, msg: 'No permission', key: 'noPermission', data: null })));
    await expect(exportResource({ kind: 'user', name: 'user' }, '用户', 'xlsx', {})).rejects.toThrow('暂无查看权限');
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
