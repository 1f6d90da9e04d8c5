import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  DataTable,
  isActionVisible,
  pageRows,
  sortRows,
  requireSelection,
  stickyStyles,
  type Column,
} from '../../../src/client/components/DataTable';
import { configureRequest, resetRequestDeps } from '../../../src/client/lib/request';
import { renderWithProviders } from '../render';
import { stubContainerWidth, stubPhone } from '../viewport';
import { formatDateCell } from '../../../src/client/lib/dates';

type R = { id: number; name: string; status: number; at: number };
const rows: R[] = [
  { id: 1, name: 'alpha', status: 1, at: 1_700_000_000 },
  { id: 2, name: 'beta', status: 3, at: 1_700_000_000_000 },
];
const columns: Column<R>[] = [
  { id: 'id', name: 'id', title: 'ID', fixed: 'left', width: 80 },
  { id: 'name', name: 'name', title: 'Name' },
  { id: 'at', name: 'at', title: 'At', type: 'date', width: 170 },
  {
    id: 'ops',
    name: 'ops',
    title: 'Ops',
    type: 'but',
    fixed: 'right',
    width: 160,
    data: [
      { title: 'Recycle', function: 'recycle', filter: { field: 'status', value: 2, op: 'huishou' } },
      { title: 'Delete', function: 'delete', color: 'red' },
    ],
  },
];

describe('isActionVisible', () => {
  it('equality compares as text', () => {
    expect(isActionVisible({ field: 'status', value: 1 }, { status: 1 })).toBe(true);
    expect(isActionVisible({ field: 'status', value: '1' }, { status: 1 })).toBe(true);
    expect(isActionVisible({ field: 'status', value: 1 }, { status: 2 })).toBe(false);
    expect(isActionVisible({ field: 'status', value: 1 }, {})).toBe(false);
  });
  it('>= compares numbers', () => {
    expect(isActionVisible({ field: 'n', value: 3, op: '>=' }, { n: 3 })).toBe(true);
    expect(isActionVisible({ field: 'n', value: 3, op: '>=' }, { n: 9 })).toBe(true);
    expect(isActionVisible({ field: 'n', value: 3, op: '>=' }, { n: 2 })).toBe(false);
  });
  it('huishou is value >= threshold and <= 5', () => {
    const rule = { field: 'n', value: 2, op: 'huishou' as const };
    expect(isActionVisible(rule, { n: 1 })).toBe(false);
    expect(isActionVisible(rule, { n: 2 })).toBe(true);
    expect(isActionVisible(rule, { n: 5 })).toBe(true);
    expect(isActionVisible(rule, { n: 6 })).toBe(false);
  });
  it('no rule always shows', () => {
    expect(isActionVisible(undefined, {})).toBe(true);
  });
});

describe('formatDateCell', () => {
  it('treats values under 13 digits as seconds and longer ones as milliseconds', () => {
    // 2023-11-14T22:13:20Z on the tenant's clock (no session: the default zone, Asia/Shanghai).
    const expected = '2023-11-15 06:13:20';
    expect(formatDateCell(1_700_000_000)).toBe(expected);
    expect(formatDateCell('1700000000')).toBe(expected);
    expect(formatDateCell(1_700_000_000_000)).toBe(expected);
    expect(formatDateCell(null)).toBe('');
    expect(formatDateCell('2024-05-06T07:08:09')).toBe('2024-05-06 07:08:09');
  });
});

describe('stickyStyles', () => {
  it('pins left columns after the check column and right columns from the end, with logical insets', () => {
    const styles = stickyStyles(columns, true);
    expect(styles[0]).toMatchObject({ position: 'sticky', insetInlineStart: 44 });
    expect(styles[1]).toBeUndefined();
    expect(styles[3]).toMatchObject({ position: 'sticky', insetInlineEnd: 0 });
  });
});

describe('<DataTable>', () => {
  const notify = vi.fn();
  beforeEach(() => configureRequest({ notify }));
  afterEach(() => {
    resetRequestDeps();
    notify.mockReset();
  });

  it('header is 60px high, default width 100, fixed columns sticky, dates formatted', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} selectable />);
    const headerRow = screen.getAllByRole('row')[0]!;
    expect(headerRow.style.height).toBe('60px');
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.style.width).toBe('100px');
    const idHeader = screen.getByRole('columnheader', { name: 'ID' });
    expect(idHeader.style.position).toBe('sticky');
    expect(screen.getByRole('columnheader', { name: 'Ops' }).style.position).toBe('sticky');
    expect(screen.getAllByText('2023-11-15 06:13:20')).toHaveLength(2);
  });

  it('shows an action button only where its rule holds', () => {
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    // status 1 < 2: hidden; status 3 within 2..5: shown
    expect(screen.getAllByRole('button', { name: 'Recycle' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('asks before a delete and runs it only when confirmed', async () => {
    const onAction = vi.fn();
    renderWithProviders(<DataTable columns={columns} rows={rows} onAction={onAction} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0]!);
    expect(onAction).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-danger'));
    await waitFor(() => expect(onAction).toHaveBeenCalledWith('delete', rows[0]));
  });

  it('a cancelled confirmation does nothing', async () => {
    const onAction = vi.fn();
    renderWithProviders(<DataTable columns={columns} rows={rows} onAction={onAction} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Recycle' })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(onAction).not.toHaveBeenCalled();
  });

  it('multi-select reports the selected keys and select-all picks every row', () => {
    const onSelectedChange = vi.fn();
    renderWithProviders(
      <DataTable columns={columns} rows={rows} selectable selected={[]} onSelectedChange={onSelectedChange} />,
    );
    fireEvent.click(screen.getAllByRole('checkbox', { name: '选择' })[1]!);
    expect(onSelectedChange).toHaveBeenLastCalledWith([2]);
    fireEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith([1, 2]);
  });

  it('names the select-all checkbox and each row checkbox as told', () => {
    const onSelectedChange = vi.fn();
    renderWithProviders(
      <DataTable
        columns={columns}
        rows={rows}
        selectable
        selected={[2]}
        onSelectedChange={onSelectedChange}
        selectLabels={{ all: 'Page', allTestId: 'page-check', row: (r) => r.name }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'beta' })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'alpha' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith([2, 1]);
    fireEvent.click(screen.getByTestId('page-check'));
    expect(onSelectedChange).toHaveBeenLastCalledWith([2, 1]);
    expect(screen.getByRole('checkbox', { name: 'Page' })).not.toBeChecked();
  });

  it('a bulk action with nothing selected shows the nothing-selected toast', () => {
    const run = vi.fn();
    expect(requireSelection([], run)).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('tip', expect.stringContaining('没有选择'), 'nothing-selected');
    expect(requireSelection([3], run)).toBe(true);
    expect(run).toHaveBeenCalledWith([3]);
  });
});

describe('<DataTable> layout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  // 44 (check) + 80 + 100 + 170 + 160 = 554px of columns.
  const opsHeader = () => screen.getByRole('columnheader', { name: 'Ops' });

  it('pins nothing when the container is wider than the columns', () => {
    stubContainerWidth(1100);
    renderWithProviders(<DataTable columns={columns} rows={rows} selectable />);
    expect(opsHeader().style.position).toBe('');
    expect(screen.getByRole('columnheader', { name: 'ID' }).style.position).toBe('');
    for (const cell of screen.getAllByRole('cell')) expect(cell.style.position).toBe('');
    expect(document.querySelector('[data-edge]')).toBeNull();
  });

  it('pins the fixed columns with an edge shadow while the table overflows its container', () => {
    stubContainerWidth(400);
    renderWithProviders(<DataTable columns={columns} rows={rows} selectable />);
    expect(opsHeader().style.position).toBe('sticky');
    expect(opsHeader()).toHaveAttribute('data-edge', 'end');
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('data-edge', 'start');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveAttribute('data-edge');
    const opsCells = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.lastElementChild as HTMLElement);
    for (const cell of opsCells) {
      expect(cell.style.position).toBe('sticky');
      expect(cell).toHaveAttribute('data-edge', 'end');
    }
  });

  it('gives headers and text cells their full text as the title (they end with an ellipsis)', () => {
    stubContainerWidth(400);
    renderWithProviders(<DataTable columns={columns} rows={rows} />);
    expect(within(screen.getByRole('columnheader', { name: 'Name' })).getByText('Name')).toHaveAttribute(
      'title',
      'Name',
    );
    expect(screen.getByText('alpha')).toHaveAttribute('title', 'alpha');
  });

  it('puts more than eight row actions behind a "more" menu', () => {
    stubContainerWidth(1100);
    const many: Column<R>[] = [
      columns[1]!,
      {
        id: 'ops',
        name: 'ops',
        title: 'Ops',
        type: 'but',
        data: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((f) => ({ title: f.toUpperCase(), function: f })),
      },
    ];
    renderWithProviders(<DataTable columns={many} rows={rows.slice(0, 1)} />);
    expect(screen.getByRole('button', { name: 'A' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'G' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'H' })).toBeNull();
    expect(screen.getByTestId('row-more')).toBeInTheDocument();
    expect(screen.getByTestId('row-i')).toBeInTheDocument();
  });

  it('renders cards instead of the table on a phone', () => {
    stubPhone();
    const onAction = vi.fn();
    renderWithProviders(<DataTable columns={columns} rows={rows} onAction={onAction} />);
    expect(screen.queryByTestId('data-table')).toBeNull();
    const cards = screen.getAllByTestId('data-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Name')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('alpha')).toBeInTheDocument();
    fireEvent.click(within(cards[1]!).getByRole('button', { name: 'Recycle' }));
    expect(within(cards[0]!).queryByRole('button', { name: 'Recycle' })).toBeNull();
  });
});

describe('<DataTable client>', () => {
  type S = { id: number; name: string; n: number | null };
  const many: S[] = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    name: `row ${i + 1}`,
    n: i === 3 ? null : i % 7,
  }));
  const cols: Column<S>[] = [
    { id: 'name', name: 'name', title: 'Name', sortable: true },
    { id: 'n', name: 'n', title: 'N', sortable: true, type: 'number' },
  ];
  const names = () =>
    within(screen.getByTestId('data-table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

  it('sorts loaded rows in the browser, blanks last, and pages them itself', () => {
    renderWithProviders(<DataTable columns={cols} rows={many} client={{ pageSize: 10 }} />);
    expect(names()).toHaveLength(10);
    expect(screen.getByTestId('pagination-total').textContent).toContain('25');
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names().slice(0, 3)).toEqual(['row 1', 'row 2', 'row 3']);
    fireEvent.click(screen.getByTestId('sort-n'));
    expect(names().slice(0, 4)).toEqual(['row 1', 'row 8', 'row 15', 'row 22']);
    fireEvent.click(screen.getByTestId('sort-n'));
    expect(names().slice(0, 3)).toEqual(['row 7', 'row 14', 'row 21']);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(names().at(-1)).toBe('row 4');
  });

  it('orders numbers by value and text naturally', () => {
    expect(
      sortRows(many, cols, { field: 'n', order: 'desc' })
        .map((r) => r.n)
        .slice(-2),
    ).toEqual([0, null]);
    expect(sortRows(many, cols, { field: 'name', order: 'asc' })[1]!.name).toBe('row 2');
    expect(pageRows(many, 9, 10).page).toBe(3);
  });

  it('shows the empty text and no pagination without rows', () => {
    renderWithProviders(<DataTable columns={cols} rows={[]} client={{ pageSize: 10 }} empty="nothing" testId="t" />);
    expect(screen.getByTestId('t')).toBeTruthy();
    expect(screen.getByText('nothing')).toBeTruthy();
    expect(screen.queryByTestId('pagination')).toBeNull();
  });
});
