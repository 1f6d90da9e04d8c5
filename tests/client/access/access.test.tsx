import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { BindingReviewScreen } from '../../../src/client/features/access/BindingReviewScreen';
import { RightsScreen } from '../../../src/client/features/access/RightsScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const resident = (id: number, name: string, reviewState: number) => ({
  id,
  name,
  phone: '13812345678',
  idNumber: null,
  role: 1,
  roomId: 1,
  communityId: 1,
  userId: null,
  facePhoto: null,
  reviewState,
  reviewReason: null,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
});
const right = (id: number, name: string, extra: object) => ({
  id,
  subject: 3,
  residentId: null,
  name,
  phone: null,
  communityId: null,
  deviceIds: [5],
  validFrom: null,
  validUntil: '2026-11-26T00:00:00Z',
  timeWindow: null,
  qrToken: null,
  revoked: false,
  tenantId: 1,
  createdAt: '2026-11-25T00:00:00Z',
  ...extra,
});

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/user/resident/list': {
      rows: [resident(1, 'Applicant Li', 4), resident(2, 'Owner Chen', 1), resident(3, 'Leaving Zheng', 5)],
      total: 3,
    },
    '/api/user/resident/batchApprove': {
      results: [
        { id: 1, ok: true },
        { id: 2, ok: false, key: 'noSuchTransition' },
      ],
    },
    '/api/user/accessRight/list': {
      rows: [
        right(1, 'Visitor Ma', { qrToken: 'AQR-token-1' }),
        right(2, 'Staff Zhang', { subject: 2, validUntil: null, revoked: true }),
      ],
      total: 2,
    },
    '/api/user/accessRight/qr': {
      token: 'AQR-token-1',
      name: 'Visitor Ma',
      validUntil: '2026-11-26T00:00:00Z',
      revoked: false,
    },
    '/api/user/accessRight/deliveries': {
      rows: [
        {
          deviceId: 5,
          imei: '860100000000024',
          name: 'Gate 1',
          online: true,
          version: 7,
          credentials: 12,
          attempts: 1,
          state: 'acknowledged',
          ackMsg: 'rights v7',
          ackAt: '2026-11-25T01:00:00Z',
          updatedAt: '2026-11-25T01:00:00Z',
        },
        {
          deviceId: 6,
          imei: '860100000000025',
          name: 'Gate 2',
          online: false,
          version: 3,
          credentials: 12,
          attempts: 2,
          state: 'pending',
          ackMsg: null,
          ackAt: null,
          updatedAt: '2026-11-25T01:00:00Z',
        },
      ],
    },
    '/api/user/accessRight/resend': { pushed: [] },
  });
});
afterEach(() => resetRequestDeps());

function Screen({ which }: { which: 'review' | 'rights' }) {
  const [search, setSearch] = useState<ResourceSearch>({});
  return which === 'review' ? (
    <BindingReviewScreen search={search} onSearchChange={setSearch} />
  ) : (
    <RightsScreen search={search} onSearchChange={setSearch} />
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('/bindingReview', () => {
  it('approves and rejects (with a reason) applications only; batch approve shows a result per row', async () => {
    renderWithProviders(<Screen which="review" />);
    const applicant = await rowOf('Applicant Li');
    expect(within(await rowOf('Owner Chen')).queryByTestId('row-residentApprove')).toBeNull();
    expect(within(await rowOf('Leaving Zheng')).getByTestId('row-residentApprove')).toBeTruthy();
    fireEvent.click(within(applicant).getByTestId('row-residentApprove'));
    await waitFor(() => expect(calls.find((c) => c.url === '/api/user/resident/approve')?.body).toEqual({ id: 1 }));

    fireEvent.click(within(applicant).getByTestId('row-residentReject'));
    const submit = await screen.findByTestId('resident-reject-submit');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByTestId('resident-reject-reason'), { target: { value: 'Missing deed' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/resident/reject')?.body).toEqual({ id: 1, reason: 'Missing deed' }),
    );

    fireEvent.click(within(await rowOf('Applicant Li')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('Owner Chen')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('resident-batch-approve'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/resident/batchApprove')?.body).toEqual({ ids: [1, 2] }),
    );
    expect(await screen.findAllByTestId('resident-batch-row')).toHaveLength(2);
  });
});

describe('/rightsManagement', () => {
  it("shows a visitor's QR code, and each door unit's list delivery with a re-send, sorted and filtered", async () => {
    renderWithProviders(<Screen which="rights" />);
    const visitor = await rowOf('Visitor Ma');
    expect(within(await rowOf('Staff Zhang')).queryByTestId('row-rightRevoke')).toBeNull();
    fireEvent.click(within(visitor).getByTestId('row-rightQr'));
    const qr = await screen.findByTestId('qr-image', {}, { timeout: 5000 });
    expect(qr.getAttribute('data-token')).toBe('AQR-token-1');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

    fireEvent.click(screen.getByTestId('rights-tab-deliveries'));
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows.map((r) => [r.getAttribute('data-imei'), r.getAttribute('data-state')])).toEqual([
      ['860100000000024', 'acknowledged'],
      ['860100000000025', 'pending'],
    ]);
    fireEvent.click(within(rows[1]!).getByTestId('delivery-resend'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/user/accessRight/resend')?.body).toEqual({ deviceIds: [6] }),
    );

    // All loaded: sorted by the state's order and filtered by state in the browser.
    const imeis = () => screen.getAllByTestId('delivery-row').map((r) => r.getAttribute('data-imei'));
    fireEvent.click(screen.getByTestId('sort-state'));
    expect(imeis()).toEqual(['860100000000025', '860100000000024']);
    fireEvent.click(screen.getByTestId('delivery-state-filter'));
    fireEvent.click(await screen.findByRole('option', { name: '已确认' }));
    await waitFor(() => expect(imeis()).toEqual(['860100000000024']));
  });
});
