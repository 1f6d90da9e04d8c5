import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { FaceDistributeScreen } from '../../../src/client/features/faces/FaceDistributeScreen';
import { FaceGalleryScreen } from '../../../src/client/features/faces/FaceGalleryScreen';
import { FaceReviewScreen } from '../../../src/client/features/faces/FaceReviewScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const review = (id: number, residentName: string, state: number, reason: string | null = null) => ({
  id,
  residentName,
  room: '1栋101',
  libraryId: 1,
  picture: '/faces/demo-collins-2.jpg',
  state,
  reason,
  sampleId: null,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
});
const sample = (id: number, labels: string, warning: string | null = null) => ({
  id,
  labels,
  libraryId: 1,
  picture: '/faces/demo-collins-1.jpg',
  quality: 0.93,
  warning,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
});

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/faceLibrary/list': {
      rows: [
        { id: 1, name: '演示人脸库', sampleCount: 2, qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 },
      ],
      total: 1,
    },
    '/api/user/faceReview/list': {
      rows: [review(1, 'Eileen Collins', 0), review(2, '王芳', 0, 'faceNotFound'), review(3, '李雷', 1)],
      total: 3,
    },
    '/api/user/faceSample/list': (body: unknown) => {
      const keyword = (body as { keyword?: string }).keyword;
      const rows = [sample(1, 'Eileen Collins,1栋101'), sample(2, '摄影师,访客', 'faceSamplesDisagree')].filter(
        (r) => !keyword || r.labels.includes(keyword),
      );
      return { rows, total: rows.length };
    },
    '/api/device/faceDistribution/list': {
      rows: [
        {
          id: 7,
          libraryId: 1,
          imei: '860100000000025',
          deviceName: 'Door 1',
          delivery: 1,
          error: 'deviceOffline',
          sampleCount: 2,
          attempts: 0,
          ackAt: null,
          tenantId: 1,
          createdAt: '2026-11-25T00:00:00Z',
        },
      ],
      total: 1,
    },
    '/api/device/faceDistribution/resend': [{ imei: '860100000000025', id: 31, status: 3 }],
    '/api/user/faceReview/approve': { id: 1, sampleId: 9, warning: null },
  });
});
afterEach(() => resetRequestDeps());

function Routed({ which }: { which: 'review' | 'distribute' }) {
  const [search, setSearch] = useState<ResourceSearch>({});
  return which === 'review' ? (
    <FaceReviewScreen search={search} onSearchChange={setSearch} />
  ) : (
    <FaceDistributeScreen search={search} onSearchChange={setSearch} />
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('/faceVerification', () => {
  it('approves a pending face, rejects one with a reason from the dialog, and offers nothing for a passed one; a refusal shows translated', async () => {
    renderWithProviders(<Routed which="review" />);
    const wang = await rowOf('王芳');
    expect(within(wang).getByTestId('review-reason')).toHaveTextContent('图片中没有检测到人脸');
    expect(within(await rowOf('李雷')).queryByTestId('row-approve')).toBeNull();
    fireEvent.click(within(await rowOf('Eileen Collins')).getByTestId('row-approve'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/faceReview/approve')?.body).toEqual({ id: 1 }));

    fireEvent.click(within(wang).getByTestId('row-reject'));
    const confirm = await screen.findByTestId('review-reject-confirm');
    // The dialog starts from the processing's reason, translated.
    expect(screen.getByTestId('review-reject-reason')).toHaveValue('图片中没有检测到人脸');
    fireEvent.change(screen.getByTestId('review-reject-reason'), { target: { value: '  ' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByTestId('review-reject-reason'), { target: { value: '请上传正脸照片' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/faceReview/reject')?.body).toEqual({
        id: 2,
        reason: '请上传正脸照片',
      }),
    );
  });
});

describe('/getFaceList', () => {
  it('shows the samples as cards and searches by label', async () => {
    renderWithProviders(<FaceGalleryScreen />);
    await waitFor(() => expect(screen.getAllByTestId('gallery-card')).toHaveLength(2));
    expect(screen.getAllByTestId('gallery-card')[1]).toHaveTextContent('与此人的其他样本差异较大');
    fireEvent.change(screen.getByTestId('gallery-search'), { target: { value: '摄影师' } });
    await waitFor(() => expect(screen.getAllByTestId('gallery-card')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/user/faceSample/list').at(-1)?.body).toMatchObject({
      keyword: '摄影师',
    });
  });
});

describe('/distribute', () => {
  it('lists each unit’s delivery with its reason and re-sends a row', async () => {
    renderWithProviders(<Routed which="distribute" />);
    const row = await rowOf('860100000000025');
    expect(row).toHaveTextContent('待发送');
    expect(row).toHaveTextContent('设备离线');
    expect(screen.getByTestId('distribute-send')).toBeDisabled();
    fireEvent.click(within(row).getByTestId('row-resend'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/device/faceDistribution/resend')?.body).toEqual({ ids: [7] }),
    );
  });
});
