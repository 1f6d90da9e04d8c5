import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Job } from '../../../src/shared/jobs';
import { ImportReportModal } from '../../../src/client/features/resources/ImportReportModal';
import { exportResource, importReportOf, importResource } from '../../../src/client/features/resources/transfer';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

describe('export and import', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('export asks the service for a job with the list state and follows it to the download', async () => {
    saveLogin('tok-1', demoUser);
    const job = {
      id: 7,
      kind: 'export',
      title: '用户',
      resource: 'user/user',
      format: 'csv',
      state: 0,
      progress: 0,
      rows: null,
      total: null,
      fileName: null,
      bytes: null,
      error: null,
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: null,
      downloadable: false,
      result: null,
    };
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      calls.push(url);
      if (url.endsWith('/exportJob')) return envelope({ code: 0, msg: 'ok', key: 'jobQueued', data: job });
      if (url.endsWith('/job/get'))
        return envelope({ code: 0, msg: 'ok', data: { ...job, state: 2, progress: 100, rows: 3, downloadable: true } });
      return envelope({ code: 0, msg: 'ok', data: { url: '/api/user/job/file/abc' } });
    });
    vi.stubGlobal('fetch', fetch);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<div />);
    expect(
      await exportResource({ kind: 'user', name: 'user' }, '用户', 'csv', {
        keyword: 'a',
        sort: [{ field: 'id', order: 'asc' }],
      }),
    ).toMatchObject({ id: 7 });
    await vi.waitFor(() => expect(click).toHaveBeenCalled(), { timeout: 5_000 });
    expect(calls).toEqual(['/api/user/user/exportJob', '/api/user/job/get', '/api/user/job/link']);
    // The job carries the list state and the format.
    const [, exportInit] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(exportInit?.body))).toEqual({
      keyword: 'a',
      sort: [{ field: 'id', order: 'asc' }],
      format: 'csv',
    });
    click.mockRestore();
  });

  it('import uploads the file as a job, follows it and hands over the finished job with its report', async () => {
    saveLogin('tok-1', demoUser);
    const job = {
      id: 8,
      kind: 'import',
      title: '用户',
      resource: 'user/user',
      format: 'csv',
      state: 0,
      progress: 0,
      rows: null,
      total: null,
      fileName: null,
      bytes: null,
      error: null,
      createdAt: '2026-01-01T00:00:00Z',
      finishedAt: null,
      downloadable: false,
      result: null,
    };
    const result = { total: 3, imported: 2, failed: 1, errors: [{ row: 3, messages: ['required'] }] };
    const calls: string[] = [];
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      calls.push(url);
      if (url.endsWith('/importJob')) return envelope({ code: 0, msg: 'ok', key: 'importQueued', data: job });
      return envelope({
        code: 0,
        msg: 'ok',
        data: { ...job, state: 2, progress: 100, rows: 2, total: 3, downloadable: true, result },
      });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<div />);
    const done = vi.fn();
    const file = new File(['名称\r\nx\r\n'], 'rows.csv', { type: 'text/csv' });
    expect(await importResource({ kind: 'user', name: 'user' }, '用户', file, done)).toMatchObject({ id: 8, state: 0 });
    await vi.waitFor(() => expect(done).toHaveBeenCalled(), { timeout: 5_000 });
    const finished = done.mock.calls[0]![0] as Job;
    expect(importReportOf(finished)).toEqual(result);
    expect(importReportOf({ ...finished, kind: 'export' })).toBeUndefined();
    expect(calls).toEqual(['/api/user/user/importJob', '/api/user/job/get']);
    // The file goes up as a multipart form.
    const [, importInit] = fetch.mock.calls[0]!;
    expect(importInit?.body).toBeInstanceOf(FormData);
    expect((importInit?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('the report of an import job says how many rows failed in all and offers their file', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async (url: string) => (
          calls.push(url),
          envelope({ code: 0, msg: 'ok', data: { url: '/api/user/job/file/x' } })
        ),
      ),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(
      <ImportReportModal
        report={{ total: 300, imported: 50, failed: 250, errors: [{ row: 2, messages: ['required'] }] }}
        errorFileJob={9}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('import-report')).toHaveTextContent('共 250 行失败，下面列出前 1 行。');
    fireEvent.click(screen.getByTestId('import-error-file'));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toEqual(['/api/user/job/link']);
    click.mockRestore();
  });

  it('a refused export is an envelope error, translated by its key', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ code: 403, msg: 'No permission', key: 'noPermission', data: null })),
    );
    await expect(exportResource({ kind: 'user', name: 'user' }, '用户', 'xlsx', {})).rejects.toThrow('暂无查看权限');
  });

  it('a refused import shows the translated message of its key, as an envelope or with HTTP 413', async () => {
    saveLogin('tok-1', demoUser);
    renderWithProviders(<div />);
    const file = new File(['x'], 'devices.xlsx');
    const refuse = (body: Record<string, unknown>, status = 200) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => envelope(body, { status })),
      );
    refuse({ code: 400, msg: 'At most 5 MB per import: split the file', key: 'importTooLarge', data: null });
    await expect(importResource({ kind: 'device', name: 'device' }, '设备', file, vi.fn())).rejects.toMatchObject({
      key: 'importTooLarge',
      message: expect.stringContaining('5 MB'),
    });
    expect(await screen.findByText('单次导入的文件最大 5 MB，请拆分文件，或删除不用的列和工作表')).toBeInTheDocument();
    refuse({ code: 400, msg: 'At most 5,000 rows per import: split the file', key: 'importTooManyRows', data: null });
    await expect(importResource({ kind: 'device', name: 'device' }, '设备', file, vi.fn())).rejects.toThrow(
      '单次导入最多 5000 行，请把文件拆成几个文件分别导入',
    );
    refuse({ code: 400, msg: 'The request is larger than 1 MB', key: 'bodyTooLarge', data: null }, 413);
    await expect(importResource({ kind: 'device', name: 'device' }, '设备', file, vi.fn())).rejects.toThrow(
      '413 请求超过 1 MB',
    );
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
