import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { DutyScreen } from '../../../src/client/features/site-ops/DutyScreen';
import { ProductionScreen } from '../../../src/client/features/site-ops/ProductionScreen';
import type { ResourceSearch } from '../../../src/client/features/resources/search';
import { BATCH_STATE } from '../../../src/entities/production-batch/resource';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

// A fixed clock: the roster opens on the tenant's month (src/client/lib/zone.ts), which near a
// month's end differs from the machine's.
const NOW = new Date('2026-11-18T04:00:00Z');
const thisMonth = '2026-11';

let calls: Call[];
let batches: Record<string, unknown>[];
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  batches = [
    {
      id: 21,
      batchNo: 'B-0021',
      productId: 3,
      quantityPlanned: 100,
      state: BATCH_STATE.qa,
      note: null,
      createdAt: '2026-11-20T00:00:00.000Z',
    },
    {
      id: 22,
      batchNo: 'B-0022',
      productId: 3,
      quantityPlanned: 50,
      state: BATCH_STATE.planned,
      note: null,
      createdAt: '2026-11-21T00:00:00.000Z',
    },
  ];
  calls = mockApi({
    '/api/user/dutyRecord/list': {
      rows: [
        {
          id: 1,
          dutyDate: `${thisMonth}-02`,
          area: 'East gate',
          startTime: '08:00',
          endTime: '12:00',
          userId: 10,
          userName: 'Zhang Wei',
          situation: 'quiet',
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      ],
      total: 1,
    },
    '/api/user/annualInspection/list': {
      rows: [
        {
          id: 7,
          name: 'Crane check',
          inspector: 'Li',
          inspectedAt: '2025-12-01',
          nextAt: '2026-12-01',
          remindDays: 30,
          due: 1,
          createdAt: '2026-11-01T00:00:00.000Z',
        },
        {
          id: 8,
          name: 'Boiler check',
          inspector: 'Wu',
          inspectedAt: '2025-10-01',
          nextAt: '2026-10-01',
          remindDays: 30,
          due: 2,
          createdAt: '2026-11-01T00:00:00.000Z',
        },
      ],
      total: 2,
    },
    '/api/device/productionBatch/list': () => ({ rows: batches, total: batches.length }),
    '/api/device/productionBatch/records': {
      rows: [{ recordId: 501, imei: '861111111111501', serial: 'S-501', qa: 0, qaNote: null }],
      counts: { produced: 1, passed: 0, failed: 0, pending: 1 },
    },
    '/api/device/productionBatch/candidates': { rows: [] },
    '/api/device/productionBatch/move': (body: unknown) => {
      const { id, to } = body as { id: number; to: number };
      batches = batches.map((b) => (b.id === id ? { ...b, state: to } : b));
      return { id };
    },
  });
});
afterEach(() => {
  resetRequestDeps();
  vi.useRealTimers();
});

function Duty() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <DutyScreen search={search} onSearchChange={setSearch} />;
}
function Production() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return <ProductionScreen search={search} onSearchChange={setSearch} />;
}

const dutyLists = () =>
  calls
    .filter((c) => c.url === '/api/user/dutyRecord/list')
    .map((c) => c.body as { size?: number; filters?: Record<string, unknown> });

describe('/dutyUser', () => {
  it('opens on the list; the roster shows the month and a day click filters the list to that day', async () => {
    renderWithProviders(<Duty />);
    expect(await screen.findByText('East gate')).toBeInTheDocument();
    expect(screen.getByTestId('duty-tab-list')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByTestId('duty-tab-roster'));
    const day2 = await screen.findByTestId('roster-day-2');
    await waitFor(() => expect(within(day2).getByTestId('roster-duty')).toHaveTextContent('08:00 Zhang Wei'));
    expect(
      dutyLists().some(
        (b) =>
          b.size === 500 &&
          Array.isArray(b.filters?.dutyDate) &&
          String((b.filters.dutyDate as string[])[0]).startsWith(thisMonth),
      ),
    ).toBe(true);
    fireEvent.click(day2);
    await waitFor(() => expect(screen.getByTestId('duty-tab-list')).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(dutyLists().at(-1)?.filters?.dutyDate).toEqual([`${thisMonth}-02`, `${thisMonth}-02`]));
    expect(await screen.findByText('East gate')).toBeInTheDocument();
  });

  it("opens the roster on the tenant's month, not the machine's, on the evening of a month's last day", async () => {
    vi.setSystemTime(new Date('2026-11-30T17:00:00Z')); // 01:00 on 1 December in Shanghai
    renderWithProviders(<Duty />);
    fireEvent.click(await screen.findByTestId('duty-tab-roster'));
    await screen.findByTestId('roster-day-31');
    await waitFor(() =>
      expect(dutyLists().some((b) => b.size === 500 && String(b.filters?.dutyDate) === '2026-12-01,2026-12-31')).toBe(
        true,
      ),
    );
  });

  it('the inspections tab lists the annual inspections with due soon and overdue badges', async () => {
    renderWithProviders(<Duty />);
    fireEvent.click(await screen.findByTestId('duty-tab-inspection'));
    expect(await screen.findByTestId('inspection-due-7')).toHaveTextContent('即将到期');
    expect(screen.getByTestId('inspection-due-8')).toHaveTextContent('已逾期');
    expect(screen.getByText('Crane check')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/user/annualInspection/list')).toBe(true);
    // The duty list is not shown on this tab.
    expect(screen.queryByText('East gate')).toBeNull();
  });
});

describe('/productionSystem', () => {
  it("lists batches with their state; a batch's drawer shows its records and a state button moves it", async () => {
    renderWithProviders(<Production />);
    const qaRow = (await screen.findByText('B-0021')).closest('tr')!;
    expect(qaRow).toHaveTextContent('质检中');
    expect((await screen.findByText('B-0022')).closest('tr')!).toHaveTextContent('计划中');
    fireEvent.click(within(qaRow).getByTestId('row-records'));
    expect(await screen.findByTestId('batch-state')).toHaveTextContent('质检中');
    await waitFor(() => expect(screen.getAllByTestId('batch-record')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/device/productionBatch/records')?.body).toEqual({ id: 21 });
    expect(screen.getByTestId('batch-counts')).toHaveTextContent('待质检 1');
    // In QA: done or rework.
    expect(screen.getByTestId(`batch-move-${BATCH_STATE.done}`)).toHaveTextContent('已完成');
    expect(screen.getByTestId(`batch-move-${BATCH_STATE.inProduction}`)).toHaveTextContent('返工');
    fireEvent.click(screen.getByTestId(`batch-move-${BATCH_STATE.done}`));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/device/productionBatch/move')?.body).toEqual({
        id: 21,
        to: BATCH_STATE.done,
      }),
    );
    await waitFor(() => expect(screen.getByText('B-0021').closest('tr')!).toHaveTextContent('已完成'));
  });
});
