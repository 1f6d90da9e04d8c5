import type { ReactNode } from 'react';
import { Badge, Button, Checkbox, Group, Image, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateCell, isActionVisible, splitTimeCell, DANGER_ACTIONS, type ActionRule } from './cells';
import { ConfirmHost, confirmDanger } from './confirm';
import { stickyStyles, widthOf } from './sticky';
import { CHECK_COLUMN_WIDTH, HEADER_HEIGHT, type ActionButton, type Column, type Row } from './types';
import classes from './DataTable.module.css';

export interface SortState {
  field: string;
  order: 'asc' | 'desc';
}

export interface DataTableProps<R extends Row> {
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey?: (row: R) => string | number;
  /** Shows the multi-select column. */
  selectable?: boolean;
  selected?: readonly (string | number)[];
  onSelectedChange?: (keys: (string | number)[]) => void;
  sort?: SortState;
  onSortChange?: (sort: SortState | undefined) => void;
  /** Runs an action button's `function`; delete/unbind/recycle/close are confirmed first. */
  onAction?: (fn: string, row: R) => void;
  /** A 'click' cell was clicked. */
  onCellClick?: (column: Column<R>, row: R) => void;
  loading?: boolean;
  empty?: ReactNode;
}

function buttonVisible(button: ActionButton, row: Row): boolean {
  if (!button.filter) return true;
  const match = isActionVisible(button.filter as ActionRule, row);
  return button.ishide ? !match : match;
}

const defaultKey = (row: Row) => row.id as number;

/**
 * The data table of docs/requirements/widgets.md#data-table: fixed columns, header height 60, typed cells, action
 * buttons, multi-select.
 */
export function DataTable<R extends Row>(props: DataTableProps<R>) {
  const {
    columns,
    rows,
    rowKey = defaultKey,
    selectable,
    selected = [],
    onSelectedChange,
    sort,
    onSortChange,
    onAction,
    onCellClick,
    loading,
    empty,
  } = props;
  const { t } = useLingui();
  const sticky = stickyStyles(columns, Boolean(selectable));
  const minWidth = columns.reduce((sum, c) => sum + widthOf(c), selectable ? CHECK_COLUMN_WIDTH : 0);
  const keys = rows.map(rowKey);
  const allChecked = keys.length > 0 && keys.every((k) => selected.includes(k));
  const someChecked = keys.some((k) => selected.includes(k));

  const toggleAll = () => onSelectedChange?.(allChecked ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
  const toggle = (key: string | number) =>
    onSelectedChange?.(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);

  const runAction = async (button: ActionButton, row: R) => {
    if (DANGER_ACTIONS.has(button.function)) {
      const ok = await confirmDanger({
        message: t`确定要${button.title}吗？`,
        confirmLabel: button.title,
      });
      if (!ok) return;
    }
    onAction?.(button.function, row);
  };

  const cycleSort = (field: string) => {
    if (!onSortChange) return;
    if (sort?.field !== field) onSortChange({ field, order: 'asc' });
    else if (sort.order === 'asc') onSortChange({ field, order: 'desc' });
    else onSortChange(undefined);
  };

  const cell = (column: Column<R>, row: R): ReactNode => {
    if (column.render) return column.render(row);
    const value = row[column.name];
    switch (column.type ?? 'text') {
      case 'select': {
        const option = column.options?.find((o) => String(o.value) === String(value));
        return option ? option.label : value == null ? '' : String(value);
      }
      case 'number':
        return value == null ? '' : <span className={classes.number}>{String(value)}</span>;
      case 'radio':
        return value == null ? (
          ''
        ) : (
          <Badge variant="light" color={value ? 'teal' : 'gray'}>
            {value ? t`是` : t`否`}
          </Badge>
        );
      case 'date':
        return formatDateCell(value);
      case 'splitTime':
        return splitTimeCell(value).map((part, i) => <div key={i}>{part}</div>);
      case 'deviceName':
        return (
          <Text size="sm" fw={600} truncate>
            {value == null ? '' : String(value)}
          </Text>
        );
      case 'img':
      case 'addimg':
        return typeof value === 'string' && value ? <Image src={value} alt="" h={40} w={40} fit="contain" /> : '';
      case 'check':
      case 'check1':
      case 'check2':
      case 'check3':
      case 'check4':
      case 'check5':
        return <Checkbox readOnly checked={Boolean(value)} aria-label={String(column.name)} />;
      case 'click':
        return (
          <UnstyledButton className={classes.click} onClick={() => onCellClick?.(column, row)}>
            {value == null ? '' : String(value)}
          </UnstyledButton>
        );
      case 'but':
        return (
          <Group gap={4} wrap="nowrap">
            {(column.data ?? [])
              .filter((b) => buttonVisible(b, row))
              .map((b) => (
                <Button key={b.function} size="compact-xs" variant="light" color={b.color} onClick={() => void runAction(b, row)}>
                  {b.title}
                </Button>
              ))}
          </Group>
        );
      default:
        return value == null ? '' : String(value);
    }
  };

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} className={classes.scroll}>
        <Table striped highlightOnHover withTableBorder layout="fixed" miw={minWidth} data-testid="data-table">
          <Table.Thead>
            <Table.Tr style={{ height: HEADER_HEIGHT }}>
              {selectable && (
                <Table.Th
                  className={classes.fixed}
                  style={{ width: CHECK_COLUMN_WIDTH, position: 'sticky', insetInlineStart: 0, zIndex: 3 }}
                >
                  <Checkbox aria-label={t`全选`} checked={allChecked} indeterminate={!allChecked && someChecked} onChange={toggleAll} />
                </Table.Th>
              )}
              {columns.map((column, i) => (
                <Table.Th
                  key={column.id}
                  style={{ width: widthOf(column), ...sticky[i] }}
                  className={sticky[i] ? classes.fixed : undefined}
                >
                  {column.sortable && onSortChange ? (
                    <UnstyledButton className={classes.sort} onClick={() => cycleSort(column.name)} data-testid={`sort-${column.name}`}>
                      {column.title}
                      {sort?.field === column.name ? (
                        sort.order === 'asc' ? (
                          <IconSortAscending size={14} />
                        ) : (
                          <IconSortDescending size={14} />
                        )
                      ) : (
                        <IconArrowsSort size={14} opacity={0.4} />
                      )}
                    </UnstyledButton>
                  ) : (
                    column.title
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => {
              const key = keys[r]!;
              return (
                <Table.Tr key={key}>
                  {selectable && (
                    <Table.Td
                      className={classes.fixed}
                      style={{
                        position: 'sticky',
                        insetInlineStart: 0,
                        zIndex: 2,
                      }}
                    >
                      <Checkbox aria-label={t`选择`} checked={selected.includes(key)} onChange={() => toggle(key)} />
                    </Table.Td>
                  )}
                  {columns.map((column, i) => (
                    <Table.Td key={column.id} style={sticky[i]} className={sticky[i] ? classes.fixed : classes.cell}>
                      {cell(column, row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {loading && rows.length === 0 && (
          <Group justify="center" p="md">
            <Loader size="sm" />
          </Group>
        )}
        {!loading && rows.length === 0 && (
          <Text c="dimmed" ta="center" p="md" size="sm">
            {empty ?? <Trans>暂无数据</Trans>}
          </Text>
        )}
      </Table.ScrollContainer>
      <ConfirmHost />
    </>
  );
}
