import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Badge, Card, Checkbox, Group, Image, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pagination } from '../Pagination';
import { pageRows, sortRows } from './clientRows';
import { buttonVisible, rowPropsOf, textOf, type DataTableProps } from './props';
import { splitTimeCell, DANGER_ACTIONS } from './cells';
import { useContainerWidth, usePhone } from './layout';
import { RowActions } from './RowActions';
import { pinnedEdges, stickyStyles, widthOf } from './sticky';
import { CHECK_COLUMN_WIDTH, HEADER_HEIGHT, type ActionButton, type Column, type Row, type SortState } from './types';
import classes from './DataTable.module.css';
import { formatDateCell } from '../../lib/dates';
import { ConfirmHost, confirmDanger } from '../ConfirmDanger';

/** How many data columns a phone card lists (label: value) before its actions. */
const CARD_FIELDS = 5;

const defaultKey = (row: object) => (row as Row).id as number;

/**
 * The data table of docs/requirements/widgets.md#data-table: fixed columns, header height 60, typed cells, action
 * buttons, multi-select.
 *
 * Fixed columns are pinned only while the table is wider than its container (measured with a ResizeObserver), and
 * the pinned group's inner edge casts a shadow so that content scrolling beneath it shows; when everything fits the
 * columns share the width and nothing is pinned. Cells and headers stay on one line and end with an ellipsis, the
 * full text in their title. On a phone (below 576px) rows are cards: the first CARD_FIELDS columns as label: value,
 * then the row's actions.
 */
export function DataTable<R extends object>(props: DataTableProps<R>) {
  const {
    columns,
    rows: given,
    rowKey = defaultKey,
    selectable,
    selected = [],
    onSelectedChange,
    selectLabels,
    onAction,
    onCellClick,
    loading,
    empty,
    rowOptions,
    client,
    compact,
    maxHeight,
    testId = 'data-table',
  } = props;
  const { t } = useLingui();
  const phone = usePhone();
  const [ownSort, setOwnSort] = useState<SortState | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(client?.pageSize ?? 0);
  const sortOwned = Boolean(client) && !props.onSortChange;
  const sort = sortOwned ? ownSort : props.sort;
  const onSortChange = sortOwned ? setOwnSort : props.onSortChange;
  const sorted = sortOwned ? sortRows(given, columns, ownSort) : given;
  const paged = pageSize > 0 ? pageRows(sorted, page, pageSize) : { rows: sorted, page };
  const rows = paged.rows;
  const frame = useRef<HTMLDivElement>(null);
  const available = useContainerWidth(frame);
  const minWidth = columns.reduce((sum, c) => sum + widthOf(c), selectable ? CHECK_COLUMN_WIDTH : 0);
  // Unmeasured (no layout yet): pin, as a table that may overflow must keep its actions reachable.
  const overflows = available === undefined || minWidth > available;
  const sticky = overflows ? stickyStyles(columns, Boolean(selectable)) : columns.map(() => undefined);
  const edges = pinnedEdges(columns);
  const checkPinned = overflows && Boolean(selectable);
  const checkEdge = checkPinned && edges.start === undefined;
  const pinnedClass = (i: number) =>
    [
      classes.fixed,
      overflows && i === edges.start ? classes.edgeStart : '',
      overflows && i === edges.end ? classes.edgeEnd : '',
    ]
      .filter(Boolean)
      .join(' ');
  // Which pinned edge (if any) a column's cells draw: also a hook for tests, as jsdom applies no CSS modules.
  const edgeOf = (i: number) =>
    !overflows ? undefined : i === edges.start ? 'start' : i === edges.end ? 'end' : undefined;
  const keys = rows.map(rowKey);
  const allChecked = keys.length > 0 && keys.every((k) => selected.includes(k));
  const someChecked = keys.some((k) => selected.includes(k));

  const allLabel = selectLabels?.all ?? t`全选`;
  const rowLabel = (row: R) => selectLabels?.row?.(row) ?? t`选择`;
  const toggleAll = () =>
    onSelectedChange?.(allChecked ? selected.filter((k) => !keys.includes(k)) : [...new Set([...selected, ...keys])]);
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
    const value = (row as Row)[column.name];
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
          <RowActions
            buttons={(column.data ?? []).filter((b) => buttonVisible(b, row as Row))}
            onRun={(b) => void runAction(b, row)}
          />
        );
      default:
        return value == null ? '' : String(value);
    }
  };

  const headerLabel = (column: Column<R>) => (
    <span className={classes.headerText} title={textOf(column.title as ReactNode)}>
      {column.title}
    </span>
  );

  const pager = pageSize > 0 && given.length > 0 && (
    <Pagination
      page={paged.page}
      size={pageSize}
      total={given.length}
      sizes={client?.sizes}
      onPageChange={setPage}
      onSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
    />
  );

  const status = (
    <>
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
    </>
  );

  if (phone) {
    const actionColumns = columns.filter((c) => c.type === 'but');
    const fields = columns.filter((c) => c.type !== 'but').slice(0, CARD_FIELDS);
    return (
      <>
        <Stack gap="xs" data-testid="data-cards">
          {selectable && rows.length > 0 && (
            <Checkbox
              label={allLabel}
              aria-label={allLabel}
              data-testid={selectLabels?.allTestId}
              checked={allChecked}
              indeterminate={!allChecked && someChecked}
              onChange={toggleAll}
            />
          )}
          {rows.map((row, r) => {
            const key = keys[r]!;
            return (
              <Card
                key={key}
                withBorder
                padding="xs"
                data-testid="data-card"
                data-id={key}
                {...rowPropsOf(rowOptions?.(row))}
              >
                <Stack gap={4}>
                  {fields.map((column, i) => {
                    const content = cell(column, row);
                    return (
                      <Group key={column.id} gap={6} wrap="nowrap" align="baseline">
                        {i === 0 && selectable && (
                          <Checkbox
                            size="xs"
                            aria-label={rowLabel(row)}
                            checked={selected.includes(key)}
                            onChange={() => toggle(key)}
                          />
                        )}
                        <Text size="xs" c="dimmed" className={classes.cardLabel}>
                          {column.title}
                        </Text>
                        <Text
                          size="sm"
                          fw={i === 0 ? 600 : undefined}
                          className={classes.cardValue}
                          title={textOf(content)}
                          component="div"
                        >
                          {content}
                        </Text>
                      </Group>
                    );
                  })}
                  {actionColumns.map((column) => (
                    <div key={column.id}>{cell(column, row)}</div>
                  ))}
                </Stack>
              </Card>
            );
          })}
          {status}
          {pager}
        </Stack>
        <ConfirmHost />
      </>
    );
  }

  const checkStyle: CSSProperties = checkPinned ? { position: 'sticky', insetInlineStart: 0 } : {};
  const checkClass = [classes.fixed, checkEdge ? classes.edgeStart : ''].filter(Boolean).join(' ');

  return (
    <div ref={frame} className={classes.frame} data-overflows={overflows ? 'yes' : 'no'}>
      <Table.ScrollContainer minWidth={minWidth} maxHeight={maxHeight} className={classes.scroll}>
        <Table
          striped
          highlightOnHover
          withTableBorder
          layout="fixed"
          miw={minWidth}
          stickyHeader={maxHeight !== undefined}
          fz={compact ? 'xs' : undefined}
          verticalSpacing={compact ? 4 : undefined}
          data-testid={testId}
        >
          <Table.Thead>
            <Table.Tr style={compact ? undefined : { height: HEADER_HEIGHT }}>
              {selectable && (
                <Table.Th
                  className={checkClass}
                  style={{ width: CHECK_COLUMN_WIDTH, ...checkStyle, zIndex: checkPinned ? 3 : undefined }}
                  data-edge={checkEdge ? 'start' : undefined}
                >
                  <Checkbox
                    aria-label={allLabel}
                    data-testid={selectLabels?.allTestId}
                    checked={allChecked}
                    indeterminate={!allChecked && someChecked}
                    onChange={toggleAll}
                  />
                </Table.Th>
              )}
              {columns.map((column, i) => (
                <Table.Th
                  key={column.id}
                  style={{ width: widthOf(column), ...sticky[i], ...(sticky[i] ? { zIndex: 3 } : {}) }}
                  className={sticky[i] ? pinnedClass(i) : classes.head}
                  ta={column.align}
                  data-edge={edgeOf(i)}
                >
                  {column.sortable && onSortChange ? (
                    <UnstyledButton
                      className={classes.sort}
                      onClick={() => cycleSort(column.name)}
                      data-testid={`sort-${column.name}`}
                    >
                      {headerLabel(column)}
                      {sort?.field === column.name ? (
                        sort.order === 'asc' ? (
                          <IconSortAscending size={14} className={classes.sortIcon} />
                        ) : (
                          <IconSortDescending size={14} className={classes.sortIcon} />
                        )
                      ) : (
                        <IconArrowsSort size={14} opacity={0.4} className={classes.sortIcon} />
                      )}
                    </UnstyledButton>
                  ) : (
                    headerLabel(column)
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, r) => {
              const key = keys[r]!;
              return (
                <Table.Tr key={key} {...rowPropsOf(rowOptions?.(row))}>
                  {selectable && (
                    <Table.Td
                      className={checkClass}
                      style={{ ...checkStyle, zIndex: checkPinned ? 2 : undefined }}
                      data-edge={checkEdge ? 'start' : undefined}
                    >
                      <Checkbox
                        aria-label={rowLabel(row)}
                        checked={selected.includes(key)}
                        onChange={() => toggle(key)}
                      />
                    </Table.Td>
                  )}
                  {columns.map((column, i) => {
                    const content = cell(column, row);
                    return (
                      <Table.Td
                        key={column.id}
                        style={sticky[i]}
                        className={sticky[i] ? pinnedClass(i) : column.wrap ? classes.wrap : classes.cell}
                        ta={column.align}
                        title={textOf(content)}
                        data-edge={edgeOf(i)}
                      >
                        {content}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {status}
      </Table.ScrollContainer>
      {pager}
      <ConfirmHost />
    </div>
  );
}
