import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReportScreen } from '../../../src/client/features/billing/ReportScreen';
import type { BillReport } from '../../../src/shared/bill-report';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser } from '../fixtures';
import { renderWithProviders } from '../render';
import { mockApi, type Call } from '../devices/mockApi';

const money = (key: string, paidFen: number, refundFen = 0) => ({
  key,
  bills: 2,
  paidFen,
  refundFen,
  revenueFen: paidFen - refundFen,
});

function reportOf(months: string[]): BillReport {
  return {
    from: months[0]!,
    to: months.at(-1)!,
    platform: false,
    totals: {
      bills: 4,
      unpaid: 1,
      paidFen: 5000,
      refundFen: 1000,
      revenueFen: 4000,
      adFen: 0,
      adPlays: 0,
      cards: 3,
      dataMb: 12.5,
    },
    byMonth: months.map((m, i) => ({
      ...money(m, i === months.length - 1 ? 5000 : 0, i === months.length - 1 ? 1000 : 0),
      adFen: 0,
    })),
    byCarrier: [money('1', 5000, 1000)],
    byPackage: [money('物联网标准包 1GB/月', 5000, 1000)],
    usageByCarrier: [{ key: '1', cards: 3, dataMb: 12.5, sms: 4, voiceMin: 2 }],
    usageByMonth: months.map((m, i) => ({
      key: m,
      cards: 3,
      dataMb: 100 * (i + 1) + 0.25,
      sms: 10 * (i + 1),
      voiceMin: i,
    })),
  };
}

let calls: Call[];
beforeEach(() => {
  saveLogin('tok', { ...demoUser, marks: ['*'] });
  calls = mockApi({
    '/api/iot/bill/report': (body: unknown) => {
      const span = body as { from?: string; to?: string };
      return span.from
        ? reportOf([span.from, span.to!])
        : reportOf(['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    },
    '/api/iot/bill/reportJob': { id: 7, kind: 'billReport', state: 0, progress: 0 },
  });
});
afterEach(() => resetRequestDeps());

describe('/Report', () => {
  it("shows this month's revenue and the usage of every month of the span, kept per month", async () => {
    renderWithProviders(<ReportScreen />);
    expect(await screen.findByTestId('report-month-revenue')).toHaveTextContent('40.00');
    const table = screen.getByTestId('report-table-usage-month');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2026-063100.25100',
      '2026-073200.25201',
      '2026-083300.25302',
      '2026-093400.25403',
      '2026-103500.25504',
      '2026-113600.25605',
    ]);
  });

  it('asks again for the span typed (a month must read YYYY-MM), and exports it as a job', async () => {
    renderWithProviders(<ReportScreen />);
    await screen.findByTestId('report-table-usage-month');
    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-1' } });
    fireEvent.click(screen.getByTestId('report-apply'));
    expect(await screen.findByText('格式为 YYYY-MM')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/iot/bill/report')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-01' } });
    fireEvent.change(screen.getByTestId('report-to'), { target: { value: '2026-02' } });
    fireEvent.click(screen.getByTestId('report-apply'));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('report-table-usage-month'))
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.firstChild?.textContent),
      ).toEqual(['2026-01', '2026-02']),
    );
    expect(calls.filter((c) => c.url === '/api/iot/bill/report').at(-1)!.body).toEqual({
      from: '2026-01',
      to: '2026-02',
    });
    fireEvent.click(screen.getByTestId('report-export'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/iot/bill/reportJob')).toBe(true));
    expect(calls.find((c) => c.url === '/api/iot/bill/reportJob')!.body).toEqual({ from: '2026-01', to: '2026-02' });
  });
});
