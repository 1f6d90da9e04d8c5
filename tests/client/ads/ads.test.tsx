import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AdDistributionScreen } from '../../../src/client/features/ads/AdDistributionScreen';
import { AdReviewScreen } from '../../../src/client/features/ads/AdReviewScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const ad = (id: number, title: string, reviewState: number) => ({
  id,
  title,
  client: 'Noodles',
  phone: '13812345678',
  video: '/video/demo-recording.webm',
  poster: '/video/demo-recording.jpg',
  durationS: 8,
  fee: 0.2,
  communityIds: [],
  unitIds: [],
  status: 1,
  reviewState,
  plays: 0,
  billed: 0,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
});

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/advertisement/list': {
      rows: [ad(1, 'Pending spot', 0), ad(2, 'Failed spot', 2), ad(3, 'Passed spot', 1)],
      total: 3,
    },
    '/api/user/advertisement/plays/stats': (body: unknown) => ({
      rows:
        (body as { by: string }).by === 'ad'
          ? [
              {
                key: 3,
                label: 'Passed spot',
                client: 'Noodles',
                plays: 12,
                seconds: 96,
                lastPlay: '2026-11-25T01:00:00Z',
                billed: 2.4,
              },
            ]
          : [{ key: '860100000000025', label: 'Door unit 1', plays: 7, seconds: 56, lastPlay: '2026-11-25T01:00:00Z' }],
    }),
  });
});
afterEach(() => resetRequestDeps());

function Screen({ which }: { which: 'review' | 'distribution' }) {
  const [search, setSearch] = useState<ResourceSearch>({});
  return which === 'review' ? (
    <AdReviewScreen search={search} onSearchChange={setSearch} />
  ) : (
    <AdDistributionScreen search={search} onSearchChange={setSearch} />
  );
}

const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('/advertisingReview', () => {
  it('passes a pending ad; a rejection needs a reason; a failed ad is resubmitted; nothing else is offered', async () => {
    renderWithProviders(<Screen which="review" />);
    const pending = await rowOf('Pending spot');
    expect(within(await rowOf('Passed spot')).queryByTestId('row-approve')).toBeNull();
    expect(within(await rowOf('Failed spot')).queryByTestId('row-approve')).toBeNull();
    fireEvent.click(within(pending).getByTestId('row-approve'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/advertisement/review')?.body).toEqual({ id: 1, pass: true }),
    );

    fireEvent.click(within(pending).getByTestId('row-reject'));
    const submit = await screen.findByTestId('ad-reject-submit');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('ad-reject-reason'), { target: { value: 'Blurry logo' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/user/advertisement/review').at(-1)?.body).toEqual({
        id: 1,
        pass: false,
        reason: 'Blurry logo',
      }),
    );

    fireEvent.click(within(await rowOf('Failed spot')).getByTestId('row-resubmit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/advertisement/resubmit')?.body).toEqual({ id: 2 }),
    );
  });
});

describe('/advertisingdistribution', () => {
  it('offers distribution for passed ads only, and shows the plays per ad and per door unit', async () => {
    renderWithProviders(<Screen which="distribution" />);
    expect(within(await rowOf('Passed spot')).getByTestId('row-distribute')).toBeInTheDocument();
    expect(within(await rowOf('Pending spot')).queryByTestId('row-distribute')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-stats'));
    const byAd = await screen.findByText('Passed spot（Noodles）');
    expect(byAd.closest('tr')).toHaveTextContent(/Passed spot（Noodles）121:36.*2\.40/);
    fireEvent.click(within(screen.getByTestId('ad-stats-by')).getByText('按门口机'));
    expect(await screen.findByText('Door unit 1 · 860100000000025')).toBeInTheDocument();
    expect(
      calls.filter((c) => c.url === '/api/user/advertisement/plays/stats').map((c) => (c.body as { by: string }).by),
    ).toEqual(expect.arrayContaining(['ad', 'device']));
  });
});
