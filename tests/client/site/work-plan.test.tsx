import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlanBar } from '../../../src/entities/work-plan/resource';
import { axisRange, barBox, treeOrder } from '../../../src/client/features/site/gantt';
import { WorkPlanGantt } from '../../../src/client/features/site/WorkPlanGantt';
import { WorkPlanScreen } from '../../../src/client/features/site/WorkPlanScreen';
import { screenOf } from '../../../src/client/features/screens/registry';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { saveLogin, saveMenu } from '../../../src/client/lib/session';
import { demoUser, envelope, menu } from '../fixtures';
import { renderWithProviders } from '../render';

const plan = (p: Partial<PlanBar> & Pick<PlanBar, 'id' | 'name' | 'startDate' | 'endDate' | 'state'>): PlanBar => ({
  parentId: null,
  superiorId: 1,
  superiorName: 'Demo',
  periodDays: 1,
  progress: 0,
  ...p,
});

const PLANS: PlanBar[] = [
  plan({ id: 4, name: 'Roof', startDate: '2026-11-20', endDate: '2026-12-10', state: 1, progress: 10 }),
  plan({ id: 1, name: 'Structure', startDate: '2026-11-01', endDate: '2026-11-30', state: 1, progress: 40 }),
  plan({
    id: 2,
    name: 'Excavation',
    parentId: 1,
    startDate: '2026-11-01',
    endDate: '2026-11-05',
    state: 2,
    progress: 100,
  }),
  plan({
    id: 3,
    name: 'Scaffold check',
    parentId: 1,
    startDate: '2026-11-06',
    endDate: '2026-11-10',
    state: 3,
    progress: 60,
  }),
];

const fetchMock = vi.fn<typeof fetch>();
const calls: { url: string; body: Record<string, unknown> }[] = [];

beforeEach(() => {
  fetchMock.mockReset();
  calls.length = 0;
  saveLogin('tok', demoUser);
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ url: u, body });
    if (u.endsWith('user/workPlan/tree'))
      return envelope({ code: 0, msg: 'ok', data: { rows: PLANS, today: '2026-11-25' } });
    if (u.endsWith('user/workPlan/list')) {
      const rows = PLANS.map((p) => ({ ...p, tenantId: 2, createdAt: '2026-10-01T00:00:00Z' }));
      return envelope({ code: 0, msg: 'ok', data: { rows, total: rows.length } });
    }
    if (u.endsWith('user/workLog/list')) {
      return envelope({
        code: 0,
        msg: 'ok',
        data: {
          rows: [
            {
              id: 9,
              logDate: '2026-11-07',
              workPlanId: 3,
              weather: 4,
              content: 'Ties loose on the east side',
              authorId: 1,
            },
          ],
          total: 1,
        },
      });
    }
    return envelope({ code: 0, msg: 'ok', data: { rows: [], total: 0 } });
  });
  configureRequest({ fetch: fetchMock, notify: () => undefined, navigate: () => undefined });
});
afterEach(() => resetRequestDeps());

describe('the Gantt view of work plans', () => {
  it('orders plans as a tree (sub-plans under their parent, siblings by start) and places bars on the day axis', () => {
    expect(treeOrder(PLANS).map((r) => [r.plan.id, r.depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
    const range = axisRange(PLANS, '2026-11-25', 0);
    expect(range.to - range.from + 1).toBe(40); // 2026-11-01 .. 2026-12-10
    expect(barBox(PLANS[2]!, range)).toEqual({ left: 0, width: (5 / 40) * 100 });
    expect(barBox(PLANS[3]!, range).left).toBeCloseTo((5 / 40) * 100);
  });

  it('draws one bar per plan with its state class, indents sub-plans and marks today', () => {
    const onOpen = vi.fn();
    renderWithProviders(<WorkPlanGantt plans={PLANS} today="2026-11-25" onOpen={onOpen} />);
    expect(screen.getByTestId('gantt-bar-2')).toHaveClass('gantt-state-2');
    expect(screen.getByTestId('gantt-bar-3')).toHaveClass('gantt-state-3');
    expect(screen.getByTestId('gantt-bar-1')).toHaveClass('gantt-state-1');
    expect(screen.getByTestId('gantt-bar-4')).toHaveAttribute('data-state', '1');
    expect(screen.getByTestId('gantt-row-3')).toHaveAttribute('data-depth', '1');
    expect(screen.getByTestId('gantt-row-1')).toHaveAttribute('data-depth', '0');
    // Rows in tree order: Structure, its two sub-plans, then Roof.
    expect(screen.getAllByTestId(/^gantt-row-/).map((r) => r.dataset.testid)).toEqual([
      'gantt-row-1',
      'gantt-row-2',
      'gantt-row-3',
      'gantt-row-4',
    ]);
    expect(screen.getByTestId('gantt-today')).toHaveAttribute('data-day', '2026-11-25');
    fireEvent.click(screen.getByTestId('gantt-bar-3'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
  });

  it('says so when there are no plans', () => {
    renderWithProviders(<WorkPlanGantt plans={[]} today="2026-11-25" />);
    expect(screen.getByTestId('gantt-empty')).toBeInTheDocument();
  });
});

describe('/workPlan (registered screen)', () => {
  it('is registered with its own component over the workPlan resource', () => {
    const entry = screenOf('workPlan');
    expect(entry?.component).toBeDefined();
    expect(entry?.resource?.name).toBe('workPlan');
  });

  it('lists plans with state badges and state moves by mark; the Gantt tab loads the tree; a bar opens the plan with its logs', async () => {
    saveMenu([menu('workPlan', 'map/workPlan'), menu('workLog', 'map/workLog')]);
    saveLogin('tok', { ...demoUser, marks: ['workPlan:update'] });
    renderWithProviders(<WorkPlanScreen search={{}} onSearchChange={() => undefined} />);
    expect(await screen.findByTestId('plan-state-3')).toHaveAttribute('data-state', '3');
    expect(screen.getByTestId('plan-state-2')).toHaveAttribute('data-state', '2');
    // Moves follow the state: complete unless completed, abnormal only when open, reopen unless open.
    expect(screen.getAllByTestId('row-complete')).toHaveLength(3);
    expect(screen.getAllByTestId('row-abnormal')).toHaveLength(2);
    expect(screen.getAllByTestId('row-reopen')).toHaveLength(2);
    fireEvent.click(screen.getByTestId('work-plan-tab-gantt'));
    expect(await screen.findByTestId('gantt-bar-3')).toHaveClass('gantt-state-3');
    expect(calls.some((c) => c.url.endsWith('user/workPlan/tree'))).toBe(true);
    fireEvent.click(screen.getByTestId('gantt-bar-3'));
    expect(await screen.findByTestId('plan-log-9')).toHaveTextContent('Ties loose on the east side');
    const logCall = calls.find(
      (c) =>
        c.url.endsWith('user/workLog/list') &&
        (c.body.filters as Record<string, unknown> | undefined)?.workPlanId !== undefined,
    );
    expect(logCall?.body).toMatchObject({ filters: { workPlanId: 3 }, sort: [{ field: 'logDate', order: 'desc' }] });
    await waitFor(() => expect(within(screen.getByTestId('plan-log-9')).getByText('雨')).toBeInTheDocument());
  });

  it('offers no state moves without workPlan:update, but still the logs', async () => {
    saveMenu([menu('workPlan', 'map/workPlan')]);
    renderWithProviders(<WorkPlanScreen search={{}} onSearchChange={() => undefined} />);
    expect(await screen.findByTestId('plan-state-3')).toBeInTheDocument();
    expect(screen.queryByTestId('row-complete')).toBeNull();
    expect(screen.queryByTestId('row-reopen')).toBeNull();
    expect(screen.getAllByTestId('row-logs')).toHaveLength(PLANS.length);
  });
});
