import { useState, type ReactNode } from 'react';
import { Button, FileButton, Group, Menu, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconDownload, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useLingui } from '@lingui/react';
import { Trans, useLingui as useMacro } from '@lingui/react/macro';
import { SOFT_STATUS } from '../../../shared/codes';
import type { ResourceDef } from '../../../shared/resources';
import { JOB_STATE, deleteJobReport, type Job } from '../../../shared/jobs';
import { CollapsibleFilters } from '../../components/CollapsibleFilters';
import {
  ColumnSettings,
  DataTable,
  RowActions,
  actionColumnWidth,
  requireSelection,
  useColumnChoice,
  type ActionButton,
  type Column,
} from '../../components/DataTable';
import { OnceOpened } from '../../components/OnceOpened';
import { Pagination } from '../../components/Pagination';
import { lazyScreen } from '../../lib/chunks';
import { hasMark, useSession } from '../../lib/session';
import { request, toast } from '../../lib/request';
import { serverMessage } from '../../i18n/serverMessages';
import type { ShownImportReport } from './ImportReportModal';
import { ResourceFilters } from './ResourceFilters';
import { Thumbnail } from './Thumbnail';
import { fieldText, listedFields, useCodeLabel, useRefData } from './display';
import { columnsKey, hiddenByDefault, useListRoute } from './listRoute';
import { invalidateResource, resourceListQuery, type Row } from './resources.queries';
import { buildListQuery, parseSort, type ResourceSearch } from './search';
import { deleteMatching, exportResource, importReportOf, importResource, type ExportFormat } from './transfer';
import { confirmDanger } from '../../components/ConfirmDanger';

// The form, detail and import report open on demand: their inputs (dates, uploads, pickers) stay
// off the list's start.
const ResourceForm = lazyScreen(() => import('./ResourceForm').then((m) => m.ResourceForm));
const ResourceDetail = lazyScreen(() => import('./ResourceDetail').then((m) => m.ResourceDetail));
const ImportReportModal = lazyScreen(() => import('./ImportReportModal').then((m) => m.ImportReportModal));

/** An extra row action: shown when `visible` (and the mark, if any) allows. */
export interface RowAction extends Omit<ActionButton, 'function'> {
  id: string;
  mark?: string;
  visible?: (row: Row) => boolean;
  run: (row: Row) => void;
}

interface ResourceScreenProps {
  def: ResourceDef;
  search: ResourceSearch;
  onSearchChange: (next: ResourceSearch) => void;
  rowActions?: RowAction[];
  /** Extra toolbar buttons; receive the selected row ids. */
  toolbar?: (selected: number[]) => ReactNode;
  cells?: Record<string, (row: Row) => ReactNode>;
  /** False hides every change button (e.g. the catalogue for non-super administrators). */
  canChange?: boolean;
  title?: ReactNode;
  /** What an empty list says instead of "no data": what fills it. */
  empty?: ReactNode;
  /** Shown under the fields in the detail drawer (an alarm's timeline, for instance). */
  detailExtra?: (row: Row) => ReactNode;
}

/** The generic list screen of a registry resource: filters, marks-gated buttons, table, pagination, form and detail drawers. */
export function ResourceScreen({
  def,
  search,
  onSearchChange,
  rowActions = [],
  toolbar,
  cells,
  canChange = true,
  title,
  empty,
  detailExtra,
}: ResourceScreenProps) {
  const { i18n } = useLingui();
  const { t } = useMacro();
  useSession(); // re-render when the marks change
  const queryClient = useQueryClient();
  const query = buildListQuery(def, search);
  const list = useQuery(resourceListQuery(def, query));
  const fields = listedFields(def);
  const route = useListRoute();
  const columnChoice = useColumnChoice(
    columnsKey(def, route),
    fields.filter((f) => hiddenByDefault(f, route)).map((f) => f.name),
  );
  const { labels, options } = useRefData(def.fields.filter((f) => f.ref && (f.list !== false || f.filter)));
  const codeLabel = useCodeLabel();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [viewing, setViewing] = useState<Row | null>(null);
  const [report, setReport] = useState<{ report: ShownImportReport; job?: number } | null>(null);
  const actions = new Set(def.actions ?? ['add', 'update', 'delete', 'export', 'import']);
  const can = (action: string) => canChange && actions.has(action as never) && hasMark(`${def.mark}:${action}`);
  const canRead = (action: string) => actions.has(action as never) && hasMark(`${def.mark}:${action}`);

  const update = (patch: Partial<ResourceSearch>) => onSearchChange({ ...search, ...patch });

  const remove = useMutation({
    mutationFn: (ids: number[]) => request(def.kind, `${def.name}/delete`, { ids }, { showMessage: true }),
    onSuccess: async () => {
      setSelected([]);
      await invalidateResource(queryClient, def.name);
    },
  });
  const exporting = useMutation({
    mutationFn: (format: ExportFormat) => {
      const { sort, filters, keyword } = query;
      return exportResource(def, i18n._(def.label), format, { sort, filters, keyword });
    },
    onError: (error) => toast('error', error.message),
  });
  // The upload queues a job; its notification follows the progress, then the report opens.
  const imported = (job: Job) => {
    const shown = importReportOf(job);
    if (shown) setReport({ report: shown, job: job.downloadable && job.state === JOB_STATE.done ? job.id : undefined });
    void invalidateResource(queryClient, def.name);
  };
  const importing = useMutation({
    mutationFn: (file: File) => importResource(def, i18n._(def.label), file, imported),
  });

  const restore = useMutation({
    mutationFn: (ids: number[]) => request(def.kind, `${def.name}/restore`, { ids }, { showMessage: true }),
    onSuccess: () => invalidateResource(queryClient, def.name),
  });
  // Soft-deleted rows (found with the status filter) come back through their own row button.
  const allActions: RowAction[] = def.softDelete
    ? [
        ...rowActions,
        {
          id: 'restore',
          title: t`恢复`,
          color: 'teal',
          mark: `${def.mark}:delete`,
          visible: (row) => row.status === SOFT_STATUS.deleted,
          run: (row) => restore.mutate([row.id]),
        },
      ]
    : rowActions;

  // Every row the filters match, by a background job: only offered while the list is filtered.
  const filtered =
    Object.values(query.filters ?? {}).some(
      (v) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ) || !!query.keyword;
  const removeMatching = useMutation({
    mutationFn: () =>
      deleteMatching(def, i18n._(def.label), { filters: query.filters, keyword: query.keyword }, (job) => {
        const report = deleteJobReport.safeParse(job.result);
        if (report.success && report.data.failed > 0)
          toast(
            'error',
            t`${report.data.failed} 条数据未能删除：${serverMessage(report.data.errors[0]?.key ?? 'jobFailed', '')}`,
          );
        setSelected([]);
        void invalidateResource(queryClient, def.name);
      }),
    onError: (error) => toast('error', error.message),
  });
  const deleteAllMatching = () => {
    const total = list.data?.total ?? 0;
    const count = list.data?.capped ? `${total.toLocaleString()}+` : total.toLocaleString();
    void confirmDanger({ message: t`确定要删除筛选出的全部 ${count} 条数据吗？`, confirmLabel: t`删除` }).then(
      (ok) => ok && removeMatching.mutate(),
    );
  };

  const bulkDelete = () =>
    requireSelection(selected, (ids) => {
      void confirmDanger({
        message: t`确定要删除选中的 ${ids.length} 条数据吗？`,
        confirmLabel: t`删除`,
      }).then((ok) => ok && remove.mutate(ids));
    });

  const buttons: ActionButton[] = [
    { title: t`详情`, function: 'detail', color: 'gray' },
    ...(can('update') ? [{ title: t`修改`, function: 'edit' }] : []),
    ...allActions
      .filter((a) => !a.mark || hasMark(a.mark))
      .map((a) => ({ title: a.title, color: a.color, function: a.id })),
    ...(can('delete') ? [{ title: t`删除`, function: 'delete', color: 'red' }] : []),
  ];

  const onAction = (fn: string, row: Row) => {
    if (fn === 'detail') setViewing(row);
    else if (fn === 'edit') setEditing(row);
    else if (fn === 'delete') remove.mutate([row.id]);
    else allActions.find((a) => a.id === fn)?.run(row);
  };

  // Row-specific visibility of extra actions: hide buttons whose predicate rejects the row.
  const visibleFor = (row: Row) =>
    buttons.filter((b) => allActions.find((a) => a.id === b.function)?.visible?.(row) ?? true);

  const rows = list.data?.rows ?? [];
  const dataColumns = fields.map((field): Column<Row> => {
    const list = field.list || {};
    return {
      id: field.name,
      name: field.name,
      title: i18n._(field.label),
      width: list.width,
      fixed: list.fixed,
      sortable: list.sortable,
      render:
        cells?.[field.name] ??
        (field.type === 'image'
          ? (row) => <Thumbnail src={row[field.name]} />
          : (row) => fieldText(field, row[field.name], codeLabel, labels, [t`是`, t`否`])),
    };
  });
  // As wide as the buttons of the row on this page that shows the most (every button while there are no rows).
  const actionWidth = rows.length
    ? Math.max(...rows.map((row) => actionColumnWidth(visibleFor(row))))
    : actionColumnWidth(buttons);
  const columns: Column<Row>[] = [
    ...dataColumns.filter((c) => !columnChoice.hidden.has(c.id)),
    {
      id: '__actions',
      name: '__actions',
      title: t`操作`,
      type: 'but',
      fixed: 'right',
      width: actionWidth,
      data: buttons,
      render: (row) => <RowButtons row={row} buttons={visibleFor(row)} onAction={onAction} />,
    },
  ];

  const sort = parseSort(search.sort);

  return (
    <Stack gap="sm" data-testid={`resource-${def.name}`}>
      <Group justify="space-between" wrap="wrap">
        {title === undefined ? <Title order={4}>{i18n._(def.label)}</Title> : title}
        <Group gap="xs">
          {can('add') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} data-testid="resource-add">
              <Trans>新增</Trans>
            </Button>
          )}
          {can('delete') && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={bulkDelete}
              loading={remove.isPending}
              data-testid="resource-bulk-delete"
            >
              <Trans>批量删除</Trans>
            </Button>
          )}
          {can('delete') && filtered && (list.data?.total ?? 0) > 0 && (
            <Button
              color="red"
              variant="subtle"
              onClick={deleteAllMatching}
              loading={removeMatching.isPending}
              data-testid="resource-delete-matching"
            >
              <Trans>删除全部筛选结果</Trans>
            </Button>
          )}
          {canRead('export') && (
            <Menu withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  leftSection={<IconDownload size={16} />}
                  loading={exporting.isPending}
                  data-testid="resource-export"
                >
                  <Trans>导出</Trans>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => exporting.mutate('csv')} data-testid="export-csv">
                  CSV
                </Menu.Item>
                <Menu.Item onClick={() => exporting.mutate('xlsx')} data-testid="export-xlsx">
                  XLSX
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          {can('import') && (
            <FileButton
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              onChange={(file) => file && importing.mutate(file)}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={importing.isPending}
                  data-testid="resource-import"
                >
                  <Trans>导入</Trans>
                </Button>
              )}
            </FileButton>
          )}
          {toolbar?.(selected)}
          <ColumnSettings columns={dataColumns} choice={columnChoice} />
        </Group>
      </Group>
      <CollapsibleFilters active={filtered}>
        <ResourceFilters
          fields={def.fields.filter((f) => f.filter)}
          withKeyword={def.fields.some((f) => f.keyword)}
          keyword={search.keyword ?? ''}
          filters={search.filters ?? {}}
          refOptions={options}
          onKeywordChange={(keyword) => update({ keyword: keyword || undefined, page: undefined })}
          onFiltersChange={(filters) => update({ filters, page: undefined })}
          onReset={() => onSearchChange({ size: search.size })}
        />
      </CollapsibleFilters>
      <Paper withBorder={false}>
        <DataTable<Row>
          columns={columns}
          rows={rows}
          selectable
          selected={selected}
          onSelectedChange={(keys) => setSelected(keys.map(Number))}
          sort={sort}
          onSortChange={(next) =>
            update({
              sort: next ? `${next.field}:${next.order}` : undefined,
              page: undefined,
            })
          }
          loading={list.isFetching}
          empty={empty}
        />
        <Pagination
          page={query.page}
          size={query.size}
          total={list.data?.total ?? 0}
          capped={list.data?.capped}
          onPageChange={(page) => update({ page })}
          onSizeChange={(size) => update({ size, page: undefined })}
        />
      </Paper>
      <OnceOpened when={editing !== undefined}>
        <ResourceForm def={def} row={editing} opened={editing !== undefined} onClose={() => setEditing(undefined)} />
      </OnceOpened>
      <OnceOpened when={viewing !== null}>
        <ResourceDetail def={def} row={viewing} onClose={() => setViewing(null)} extra={detailExtra} />
      </OnceOpened>
      <OnceOpened when={report !== null}>
        <ImportReportModal report={report?.report ?? null} errorFileJob={report?.job} onClose={() => setReport(null)} />
      </OnceOpened>
    </Stack>
  );
}

/**
 * The action cell: delete asks first (docs/requirements/validation.md#deletes-and-confirmation), the rest run at once.
 */
function RowButtons({
  row,
  buttons,
  onAction,
}: {
  row: Row;
  buttons: ActionButton[];
  onAction: (fn: string, row: Row) => void;
}) {
  const { t } = useMacro();
  return (
    <RowActions
      buttons={buttons}
      onRun={(b) => {
        if (b.function !== 'delete') return onAction(b.function, row);
        void confirmDanger({
          message: t`确定要删除这条数据吗？`,
          confirmLabel: b.title,
        }).then((ok) => ok && onAction(b.function, row));
      }}
    />
  );
}
