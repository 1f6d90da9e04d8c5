import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CloudStorageScreen, retentionProblem } from '../../../src/client/features/video/CloudStorageScreen';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import type { StorageUsage } from '../../../src/shared/storage';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

let usage: StorageUsage;
let calls: Call[];

beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  usage = {
    backend: 'local',
    quotaBytes: 100 * 1024 * 1024,
    usedBytes: 25 * 1024 * 1024,
    uploads: 9,
    recordings: { count: 12, bytes: 2 * 1024 * 1024 },
    photos: { count: 3 },
    retentionDays: 0,
  };
  calls = mockApi({
    '/api/device/storage/usage': () => usage,
    '/api/device/storage/retention': (body: unknown) => {
      usage = { ...usage, retentionDays: (body as { days: number }).days };
      return { days: usage.retentionDays };
    },
    '/api/device/storage/purge': {
      id: 5,
      kind: 'purge',
      title: 'Media clean-up',
      resource: null,
      format: null,
      state: 0,
      progress: 0,
      rows: null,
      total: null,
      fileName: null,
      bytes: null,
      error: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
      downloadable: false,
      result: null,
    },
  });
});
afterEach(() => resetRequestDeps());

describe('/CloudStorage', () => {
  it('checks the retention field', () => {
    expect(retentionProblem('')).toBe('required');
    expect(retentionProblem(-1)).toBe('range');
    expect(retentionProblem(3651)).toBe('range');
    expect(retentionProblem(1.5)).toBe('range');
    expect(retentionProblem(0)).toBeNull();
    expect(retentionProblem(30)).toBeNull();
  });

  it('shows the usage against the quota, saves a retention, and cleans up only after confirmation', async () => {
    renderWithProviders(<CloudStorageScreen />);
    expect(await screen.findByText('25.0 MB / 100.0 MB (25.0%)')).toBeInTheDocument();
    expect(screen.getByTestId('storage-recordings')).toHaveTextContent('12');
    expect(screen.getByTestId('storage-photos')).toHaveTextContent('3');
    expect(screen.getByTestId('storage-backend')).toHaveTextContent('本地磁盘');
    // Forever: nothing to clean up, and an unchanged value is not saved.
    expect(screen.getByTestId('storage-purge')).toBeDisabled();
    expect(screen.getByTestId('storage-retention-save')).toBeDisabled();

    fireEvent.change(screen.getByTestId('storage-retention'), { target: { value: '5000' } });
    expect(await screen.findByText('保留天数须为 0 到 3650 的整数')).toBeInTheDocument();
    expect(screen.getByTestId('storage-retention-save')).toBeDisabled();

    fireEvent.change(screen.getByTestId('storage-retention'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('storage-retention-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/device/storage/retention')?.body).toEqual({ days: 30 }),
    );
    expect(await screen.findByTestId('storage-retention-saved')).toHaveTextContent('30');
    await waitFor(() => expect(screen.getByTestId('storage-purge')).toBeEnabled());

    fireEvent.click(screen.getByTestId('storage-purge'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('30 天前');
    expect(calls.some((c) => c.url.endsWith('storage/purge'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '清理' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/device/storage/purge')).toHaveLength(1));
  });
});
