import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  dutiesByDay,
  monthGrid,
  monthRange,
  RosterCalendar,
  type RosterDuty,
} from '../../../src/client/features/site-ops/RosterCalendar';
import { isLow, MoveModal, StorageScreen } from '../../../src/client/features/site-ops/StorageScreen';
import { DueBadge } from '../../../src/client/features/site-ops/DutyScreen';
import { nextStates } from '../../../src/client/features/site-ops/ProductionScreen';
import { BATCH_STATE } from '../../../src/entities/production-batch/resource';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin } from '../../../src/client/lib/session';
import { demoUser, envelope } from '../fixtures';
import { renderWithProviders } from '../render';

const fetchMock = vi.fn<typeof fetch>();
const bodies: Record<string, unknown[]> = {};
let answers: Record<string, () => Response> = {};

const duties: RosterDuty[] = [
  {
    id: 1,
    dutyDate: '2026-11-02T00:00:00.000Z',
    area: '东区',
    startTime: '12:00',
    endTime: '18:00',
    userId: 11,
    userName: '李娜',
  },
  {
    id: 2,
    dutyDate: '2026-11-02T00:00:00.000Z',
    area: '南门',
    startTime: '08:00',
    endTime: '12:00',
    userId: 10,
    userName: '张伟',
  },
  {
    id: 3,
    dutyDate: '2026-11-30T00:00:00.000Z',
    area: '东区',
    startTime: '08:00',
    endTime: '12:00',
    userId: 12,
    userName: '王强',
  },
  // Another month: not on this grid.
  {
    id: 4,
    dutyDate: '2026-12-01T00:00:00.000Z',
    area: '东区',
    startTime: '08:00',
    endTime: '12:00',
    userId: 12,
    userName: '王强',
  },
];
const items = [
  { id: 1, name: '水泥', stock: 50, used: 46.35, unqualified: 0.5, remaining: 3.15, alertBelow: 5 },
  { id: 2, name: '中砂', stock: 300, used: 184.25, unqualified: 0, remaining: 115.75, alertBelow: 20 },
];

beforeEach(() => {
  fetchMock.mockReset();
  for (const k of Object.keys(bodies)) delete bodies[k];
  answers = {};
  saveLogin('tok', { ...demoUser, marks: ['warehouseItem:update'] });
  fetchMock.mockImplementation(async (url, init) => {
    const path = String(url).replace('/api/', '');
    (bodies[path] ??= []).push(init?.body ? JSON.parse(String(init.body)) : undefined);
    if (answers[path]) return answers[path]!();
    if (path === 'user/dutyRecord/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: duties, total: duties.length } });
    if (path === 'user/warehouseItem/list')
      return envelope({ code: 0, msg: 'ok', data: { rows: items, total: items.length } });
    return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
  });
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => resetRequestDeps());

describe('roster calendar', () => {
  it('lays a month out in weeks from Monday', () => {
    // November 2026 starts on a Sunday: six blanks, 30 days, six weeks.
    const nov = monthGrid(2026, 10);
    expect(nov).toHaveLength(6);
    expect(nov[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(nov[1]).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(nov[5]).toEqual([30, null, null, null, null, null, null]);
    // February 2027 starts on a Monday: exactly four weeks.
    expect(monthGrid(2027, 1)).toHaveLength(4);
    expect(monthGrid(2027, 1)[0]![0]).toBe(1);
    expect(monthRange(2026, 1)).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('groups duties by day, sorted by start, leaving other months out', () => {
    const by = dutiesByDay(duties, 2026, 10);
    expect(by.get(2)!.map((d) => d.userName)).toEqual(['张伟', '李娜']);
    expect(by.get(30)!.map((d) => d.id)).toEqual([3]);
    expect(by.get(1)).toBeUndefined();
    expect([...by.values()].flat().some((d) => d.id === 4)).toBe(false);
  });

  it("shows who is on duty each day of the month, asks for the month's range, and moves between months", async () => {
    const onMonthChange = vi.fn();
    const onDayClick = vi.fn();
    renderWithProviders(
      <RosterCalendar
        year={2026}
        month={10}
        onMonthChange={onMonthChange}
        onDayClick={onDayClick}
        today="2026-11-25"
      />,
    );
    const day2 = await screen.findByTestId('roster-day-2');
    await waitFor(() => expect(within(day2).getAllByTestId('roster-duty')).toHaveLength(2));
    expect(
      within(day2)
        .getAllByTestId('roster-duty')
        .map((b) => b.textContent),
    ).toEqual(['08:00 张伟', '12:00 李娜']);
    expect(within(screen.getByTestId('roster-day-30')).getByTestId('roster-duty')).toHaveTextContent('王强');
    expect(within(screen.getByTestId('roster-day-1')).queryAllByTestId('roster-duty')).toHaveLength(0);
    expect(screen.getByTestId('roster-day-25')).toHaveAttribute('data-today');
    expect(bodies['user/dutyRecord/list']![0]).toMatchObject({
      size: 500,
      filters: { dutyDate: ['2026-11-01', '2026-11-30'] },
    });
    fireEvent.click(screen.getByTestId('roster-next'));
    expect(onMonthChange).toHaveBeenLastCalledWith(2026, 11);
    fireEvent.click(screen.getByTestId('roster-prev'));
    expect(onMonthChange).toHaveBeenLastCalledWith(2026, 9);
    fireEvent.click(day2);
    expect(onDayClick).toHaveBeenCalledWith('2026-11-02');
  });

  it('January after December: the month arrows cross the year', () => {
    const onMonthChange = vi.fn();
    renderWithProviders(<RosterCalendar year={2026} month={11} onMonthChange={onMonthChange} />);
    fireEvent.click(screen.getByTestId('roster-next'));
    expect(onMonthChange).toHaveBeenCalledWith(2027, 0);
  });
});

describe('manageStorage', () => {
  it('marks an item at or below its alert limit as low, with remaining in tons to three decimals', async () => {
    expect(isLow({ id: 1, remaining: 5, alertBelow: 5 })).toBe(true);
    expect(isLow({ id: 1, remaining: 5.001, alertBelow: 5 })).toBe(false);
    renderWithProviders(<StorageScreen search={{}} onSearchChange={() => undefined} />);
    expect(await screen.findByTestId('warehouse-low-1')).toHaveTextContent('3.150');
    expect(screen.queryByTestId('warehouse-low-2')).toBeNull();
    expect(screen.getByTestId('warehouse-remaining-2')).toHaveTextContent('115.750');
  });

  it('the low-only button filters the list', async () => {
    const onSearchChange = vi.fn();
    renderWithProviders(<StorageScreen search={{}} onSearchChange={onSearchChange} />);
    fireEvent.click(await screen.findByTestId('warehouse-low-only'));
    expect(onSearchChange).toHaveBeenCalledWith(
      expect.objectContaining({ filters: expect.objectContaining({ low: 1 }) }),
    );
  });

  it('a movement: refuses an empty quantity without asking, sends kind, tons and note, and explains an overdraw', async () => {
    const onClose = vi.fn();
    answers['user/warehouseItem/move'] = () =>
      envelope({ code: 400, msg: 'Not enough left', key: 'warehouseOverdraw', data: null });
    renderWithProviders(<MoveModal row={items[0]!} onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('warehouse-move-submit'));
    await waitFor(() => expect(screen.getByTestId('warehouse-move-quantity')).toHaveAttribute('aria-invalid', 'true'));
    expect(bodies['user/warehouseItem/move']).toBeUndefined();
    fireEvent.change(screen.getByTestId('warehouse-move-quantity'), { target: { value: '4.125' } });
    fireEvent.change(screen.getByTestId('warehouse-move-note'), { target: { value: '3层浇筑' } });
    fireEvent.click(screen.getByTestId('warehouse-move-submit'));
    const error = await screen.findByTestId('warehouse-move-error');
    expect(error).toHaveAttribute('data-key', 'warehouseOverdraw');
    expect(error).toHaveTextContent('3.150');
    expect(bodies['user/warehouseItem/move']![0]).toEqual({ id: 1, kind: 'in', quantity: 4.125, note: '3层浇筑' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('annual inspections and batches', () => {
  it('due soon and overdue badges', () => {
    renderWithProviders(
      <>
        <DueBadge row={{ id: 1, due: 1 }} />
        <DueBadge row={{ id: 2, due: 2 }} />
        <DueBadge row={{ id: 3, due: 0 }} />
      </>,
    );
    expect(screen.getByTestId('inspection-due-1')).toHaveTextContent('即将到期');
    expect(screen.getByTestId('inspection-due-2')).toHaveTextContent('已逾期');
    expect(screen.getByTestId('inspection-due-3')).toHaveTextContent('正常');
  });

  it("a batch's buttons follow the state machine", () => {
    expect(nextStates(BATCH_STATE.planned)).toEqual([BATCH_STATE.inProduction]);
    expect(nextStates(BATCH_STATE.qa)).toEqual([BATCH_STATE.done, BATCH_STATE.inProduction]);
    expect(nextStates(BATCH_STATE.done)).toEqual([]);
  });
});
