import { useState } from 'react';
import { Badge, Button, Card, Checkbox, Drawer, Group, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import productionBatchDef, {
  BATCH_MACHINE,
  BATCH_OPEN_STATES,
  BATCH_STATE,
  BATCH_STATE_TABLE,
  QA_RESULT,
  QA_RESULT_TABLE,
} from '../../../entities/production-batch/resource';
import type { CodeEntry } from '../../../shared/codes';
import { CategoryChart, PieChart } from '../../components/Chart';
import { DataTable, type Column } from '../../components/DataTable';
import { codeText } from '../../i18n/codeLabels';
import { hasMark } from '../../lib/session';
import { request, toast } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';

interface BatchRecord {
  recordId: number;
  imei: string;
  serial: string | null;
  model: string | null;
  productionDate: string | null;
  qa: number;
  qaNote: string | null;
  qaBy: string | null;
}
interface Counts {
  produced: number;
  passed: number;
  failed: number;
  pending: number;
}
interface Summary {
  byState: { state: number; batches: number; planned: number; produced: number }[];
  byProduct: {
    productId: number;
    name: string;
    batches: number;
    planned: number;
    produced: number;
    passed: number;
    failed: number;
  }[];
  totals: { batches: number; planned: number; produced: number; passed: number; failed: number };
  passRate: number | null;
}

const label = (table: readonly CodeEntry<number>[], v: number) => {
  const e = table.find((x) => x.value === v);
  return e ? codeText(e) : String(v);
};
const STATE_COLOR: Record<number, string> = { 1: 'gray', 2: 'blue', 3: 'orange', 4: 'teal' };
const QA_COLOR: Record<number, string> = { 0: 'gray', 1: 'teal', 2: 'red' };
const MARK = `${productionBatchDef.mark}:update`;

/** The moves the machine allows from a state, as buttons. */
export function nextStates(state: number): number[] {
  return [...(BATCH_MACHINE.transitions[state] ?? [])];
}

/** A batch: its state and moves, the records with their QA results (pass/fail in QA), records to add while open. */
function BatchDrawer({ batch, onClose }: { batch: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const id = batch?.id;
  const records = useQuery({
    queryKey: ['device', 'productionBatch', 'records', id],
    queryFn: () => request<{ rows: BatchRecord[]; counts: Counts }>('device', 'productionBatch/records', { id }),
    enabled: id !== undefined,
  });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const state = Number(batch?.state ?? 0);
  const open = BATCH_OPEN_STATES.includes(state);
  const candidates = useQuery({
    queryKey: ['device', 'productionBatch', 'candidates', keyword, batch?.productId],
    queryFn: () =>
      request<{ rows: Row[] }>('device', 'productionBatch/candidates', {
        keyword: keyword || undefined,
        productId: batch?.productId ?? undefined,
      }),
    enabled: id !== undefined && open && hasMark(MARK),
  });
  const canChange = hasMark(MARK);

  const refresh = async () => {
    await invalidateResource(queryClient, productionBatchDef.name);
    await queryClient.invalidateQueries({ queryKey: ['device', 'productionBatch'] });
  };
  const act = async (path: string, body: object, done: string) => {
    try {
      await request('device', `productionBatch/${path}`, { id, ...body });
      toast('success', done);
      setPicked([]);
      await refresh();
      if (path === 'move') onClose();
    } catch {
      // The request layer showed the refusal.
    }
  };
  const counts = records.data?.counts;
  const columns: Column<BatchRecord>[] = [
    { id: 'imei', name: 'imei', title: 'IMEI', width: 160 },
    { id: 'serial', name: 'serial', title: <Trans>序列号</Trans>, width: 140 },
    {
      id: 'qa',
      name: 'qa',
      title: <Trans>质检结果</Trans>,
      width: 160,
      render: (r) => (
        <>
          <Badge color={QA_COLOR[r.qa]} variant="light">
            {label(QA_RESULT_TABLE, r.qa)}
          </Badge>
          {r.qaNote ? ` ${r.qaNote}` : ''}
        </>
      ),
    },
    {
      id: 'actions',
      name: 'actions',
      title: <Trans>操作</Trans>,
      width: 200,
      render: (r) => (
        <>
          {canChange && state === BATCH_STATE.qa && (
            <Group gap={4}>
              <Button
                size="compact-xs"
                color="teal"
                variant="light"
                onClick={() =>
                  void act('qa', { results: [{ recordId: r.recordId, result: QA_RESULT.passed }] }, t`已记录质检结果`)
                }
              >
                <Trans>合格</Trans>
              </Button>
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                onClick={() => {
                  const note = window.prompt(t`不合格原因`) ?? undefined;
                  void act(
                    'qa',
                    {
                      results: [{ recordId: r.recordId, result: QA_RESULT.failed, note: note?.trim() || undefined }],
                    },
                    t`已记录质检结果`,
                  );
                }}
              >
                <Trans>不合格</Trans>
              </Button>
            </Group>
          )}
          {canChange && open && (
            <Button
              size="compact-xs"
              color="gray"
              variant="subtle"
              onClick={() => void act('unlink', { recordIds: [r.recordId] }, t`已移出批次`)}
            >
              <Trans>移出</Trans>
            </Button>
          )}
        </>
      ),
    },
  ];
  return (
    <Drawer
      opened={batch !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Trans>批次明细</Trans>}
      data-testid="batch-drawer"
    >
      <Stack gap="sm">
        <Group>
          <Text fw={600}>{String(batch?.batchNo ?? '')}</Text>
          <Badge color={STATE_COLOR[state]} data-testid="batch-state">
            {label(BATCH_STATE_TABLE, state)}
          </Badge>
          {counts && (
            <Text size="sm" data-testid="batch-counts">
              <Trans>
                计划 {String(batch?.quantityPlanned ?? '')} · 已生产 {counts.produced} · 合格 {counts.passed} · 不合格{' '}
                {counts.failed} · 待质检 {counts.pending}
              </Trans>
            </Text>
          )}
        </Group>
        {canChange && (
          <Group gap="xs">
            {nextStates(state).map((to) => (
              <Button
                key={to}
                size="xs"
                variant="light"
                color={STATE_COLOR[to]}
                data-testid={`batch-move-${to}`}
                onClick={() => void act('move', { to }, t`状态已更新`)}
              >
                {to === BATCH_STATE.inProduction && state === BATCH_STATE.qa ? t`返工` : label(BATCH_STATE_TABLE, to)}
              </Button>
            ))}
          </Group>
        )}
        <DataTable<BatchRecord>
          columns={columns}
          rows={records.data?.rows ?? []}
          rowKey={(r) => r.recordId}
          loading={records.isPending}
          compact
          testId="batch-records"
          rowOptions={() => ({ attrs: { 'data-testid': 'batch-record' } })}
        />
        {canChange && open && (
          <Card withBorder>
            <Stack gap="xs">
              <Text fw={500} size="sm">
                <Trans>加入生产记录（同产品、未入批次）</Trans>
              </Text>
              <TextInput
                placeholder={t`IMEI 或序列号`}
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value)}
                data-testid="batch-candidate-keyword"
              />
              <Stack gap={2} mah={240} style={{ overflow: 'auto' }}>
                {(candidates.data?.rows ?? []).map((c) => (
                  <Checkbox
                    key={c.id}
                    label={`${String(c.imei)} ${String(c.serial ?? '')}`}
                    checked={picked.includes(c.id)}
                    onChange={(e) =>
                      setPicked((p) => (e.currentTarget.checked ? [...p, c.id] : p.filter((x) => x !== c.id)))
                    }
                  />
                ))}
              </Stack>
              <Group justify="flex-end">
                <Button
                  size="xs"
                  disabled={!picked.length}
                  data-testid="batch-link"
                  onClick={() => void act('link', { recordIds: picked }, t`已加入批次`)}
                >
                  <Trans>加入批次</Trans>
                </Button>
              </Group>
            </Stack>
          </Card>
        )}
      </Stack>
    </Drawer>
  );
}

/** Totals, batches by state (pie) and production and QA per product (bars). */
export function ProductionSummary() {
  const { t } = useLingui();
  const summary = useQuery({
    queryKey: ['device', 'productionBatch', 'summary'],
    queryFn: () => request<Summary>('device', 'productionBatch/summary', {}),
  });
  const s = summary.data;
  if (!s) return null;
  const stat = (title: string, value: string | number, testId: string) => (
    <Card withBorder key={testId}>
      <Text size="xs" c="dimmed">
        {title}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
  return (
    <Stack data-testid="production-summary">
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        {stat(t`批次`, s.totals.batches, 'summary-batches')}
        {stat(t`计划数量`, s.totals.planned, 'summary-planned')}
        {stat(t`已生产`, s.totals.produced, 'summary-produced')}
        {stat(t`质检合格`, s.totals.passed, 'summary-passed')}
        {stat(t`合格率`, s.passRate === null ? '-' : `${s.passRate}%`, 'summary-rate')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Text fw={500} mb="xs">
            <Trans>批次状态</Trans>
          </Text>
          <PieChart
            items={s.byState.map((b) => ({ name: label(BATCH_STATE_TABLE, b.state), value: b.batches }))}
            donut
            height={260}
          />
        </Card>
        <Card withBorder>
          <Text fw={500} mb="xs">
            <Trans>各产品生产与质检</Trans>
          </Text>
          <CategoryChart
            kind="bar"
            height={260}
            categories={{
              name: s.byProduct.map((p) => p.name),
              title: [t`计划数量`, t`已生产`, t`质检合格`, t`质检不合格`],
              data: [
                { name: t`计划数量`, value: s.byProduct.map((p) => p.planned) },
                { name: t`已生产`, value: s.byProduct.map((p) => p.produced) },
                { name: t`质检合格`, value: s.byProduct.map((p) => p.passed) },
                { name: t`质检不合格`, value: s.byProduct.map((p) => p.failed) },
              ],
            }}
          />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /productionSystem: production batches of devices grouping the production records (/ProductionList
 * stays as it is): plan, produce, QA each record (pass/fail with a note), done; and a summary.
 */
export function ProductionScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [tab, setTab] = useState<string | null>('batches');
  const [batch, setBatch] = useState<Row | null>(null);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="batches" data-testid="production-tab-batches">
          <Trans>生产批次</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="summary" data-testid="production-tab-summary">
          <Trans>生产汇总</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="batches">
        <ResourceScreen
          def={productionBatchDef}
          {...props}
          title={<Trans>生产系统</Trans>}
          cells={{
            state: (row) => (
              <Badge color={STATE_COLOR[Number(row.state)]} variant="light">
                {label(BATCH_STATE_TABLE, Number(row.state))}
              </Badge>
            ),
          }}
          rowActions={[{ id: 'records', title: t`明细/质检`, color: 'blue', run: (row) => setBatch(row) }]}
        />
        <BatchDrawer batch={batch} onClose={() => setBatch(null)} />
      </Tabs.Panel>
      <Tabs.Panel value="summary">
        <ProductionSummary />
      </Tabs.Panel>
    </Tabs>
  );
}
