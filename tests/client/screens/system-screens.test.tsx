import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DownloadTaskScreen } from '../../../src/client/features/jobs/DownloadTaskScreen';
import { ProvinceScreen } from '../../../src/client/features/regions/ProvinceScreen';
import { UploadFormScreen } from '../../../src/client/features/uploads/UploadFormScreen';
import { TenantInfoScreen } from '../../../src/client/features/tenant/TenantInfoScreen';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { JOB_STATE, type Job } from '../../../src/shared/jobs';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  saveLogin('tok', demoUser);
  configureRequest({ fetch: fetchMock, notify, navigate: () => undefined });
});
afterEach(() => {
  resetRequestDeps();
  vi.unstubAllGlobals();
});

const job = (over: Partial<Job>): Job => ({
  id: 1,
  kind: 'export',
  title: '设备',
  resource: 'device/device',
  format: 'csv',
  state: JOB_STATE.done,
  progress: 100,
  rows: 10,
  total: 10,
  fileName: 'device.csv',
  bytes: 2048,
  error: null,
  createdAt: '2026-11-23T10:00:00Z',
  finishedAt: '2026-11-23T10:00:01Z',
  downloadable: true,
  result: null,
  ...over,
});

describe('DownloadTask', () => {
  it('lists the jobs with state and progress, downloads a finished one through a fresh link', async () => {
    const calls: string[] = [];
    fetchMock.mockImplementation(async (url) => {
      calls.push(String(url));
      if (String(url).endsWith('/job/list'))
        return envelope({
          code: 0,
          msg: 'ok',
          data: {
            rows: [
              job({}),
              job({ id: 2, state: JOB_STATE.running, progress: 40, downloadable: false }),
              job({ id: 3, state: JOB_STATE.failed, error: 'jobFailed', downloadable: false }),
            ],
            total: 3,
          },
        });
      return envelope({ code: 0, msg: 'ok', data: { url: '/api/user/job/file/t' } });
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DownloadTaskScreen />);
    const states = await screen.findAllByTestId('job-state');
    expect(states.map((s) => s.dataset.state)).toEqual(['2', '1', '3']);
    expect(screen.getByText('40%')).toBeInTheDocument();
    expect(screen.getByText('任务失败')).toBeInTheDocument();
    expect(screen.getAllByText('设备 导出')).toHaveLength(3);
    expect(screen.getAllByTestId('job-download')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('job-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls).toContain('/api/user/job/link');
    click.mockRestore();
  });
});

describe('uploadForm', () => {
  const png = () =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'a.png', { type: 'image/png' });

  it('an image answered with code 1 shows its preview; any other code shows the message and nothing', async () => {
    fetchMock.mockResolvedValueOnce(envelope({ code: 1, msg: 'ok', data: '/api/file/x.png' }));
    const { container } = renderWithProviders(<UploadFormScreen />);
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [png()] } });
    expect(await screen.findByTestId('uploaded-image')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/user/ossUser/addOssHederImg');
    expect((fetchMock.mock.calls[0]![1]!.body as FormData).get('file')).toBeInstanceOf(File);

    fetchMock.mockResolvedValueOnce(envelope({ code: 400, msg: 'Wrong file format', key: 'fileFormat', data: null }));
    fireEvent.change(input(), { target: { files: [png()] } });
    await waitFor(() => expect(notify).toHaveBeenCalled());
    expect(screen.getAllByTestId('uploaded-image')).toHaveLength(1);
  });
});

describe('province', () => {
  it("browses provinces, then a province's cities, and searches", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify([
              {
                name: '广东省',
                cityList: [
                  { name: '深圳市', areaList: [{ name: '南山区' }, { name: '福田区' }] },
                  { name: '广州市', areaList: [] },
                ],
              },
              { name: '北京市', cityList: [{ name: '北京市', areaList: [{ name: '东城区' }] }] },
            ]),
          ),
      ),
    );
    renderWithProviders(<ProvinceScreen />);
    const table = await screen.findByTestId('region-table');
    await within(table).findByText('广东省');
    expect(screen.getByTestId('region-count')).toHaveTextContent('省份：2');
    fireEvent.click(within(table).getByText('广东省'));
    await within(table).findByText('深圳市');
    expect(screen.getByTestId('region-count')).toHaveTextContent('城市：2');
    fireEvent.change(screen.getByTestId('region-search'), { target: { value: '深' } });
    expect(within(table).queryByText('广州市')).toBeNull();
    fireEvent.click(within(table).getByText('深圳市'));
    expect(await within(table).findByText('南山区')).toBeInTheDocument();
  });
});

describe('tenantInfo', () => {
  it('shows the company, its counts and the upload storage used', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        code: 0,
        msg: 'ok',
        data: {
          tenant: {
            id: 2,
            name: 'Demo Site',
            address: 'Shenzhen',
            phone: '0755',
            status: 1,
            createdAt: '2026-01-01T00:00:00Z',
          },
          counts: { users: 4, departments: 2, devices: 36, onlineDevices: 30, unreadAlarms: 5, fences: 3 },
          storage: { usedBytes: 5 * 1024 * 1024, quotaBytes: 500 * 1024 * 1024 },
        },
      }),
    );
    renderWithProviders(<TenantInfoScreen />);
    expect(await screen.findByText('Demo Site')).toBeInTheDocument();
    const counts = screen.getAllByTestId('tenant-count').map((c) => c.textContent);
    expect(counts).toContain('设备36');
    expect(counts).toContain('在线设备30');
    expect(screen.getByTestId('tenant-storage')).toHaveTextContent('5.0 / 500 MB');
  });
});
