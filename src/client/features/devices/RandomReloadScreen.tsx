import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_TABLE } from '../../../shared/codes';
import {
  REFRESH_MAX,
  REFRESH_TIMEOUT_MS,
  type CommandAck,
  type RefreshAnswer,
  type RefreshBody,
} from '../../../shared/devices/api';
import { requireSelection } from '../../components/DataTable';
import { serverMessage } from '../../i18n/serverMessages';
import { request } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { invalidateResource, resourceKeys, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { DeviceTable } from './DeviceTable';
import { ConfirmHost, confirmDanger } from '../../components/ConfirmDanger';

/** How often the run asks where its commands are while acks are outstanding. */
const POLL_MS = 1000;

type Outcome = 'pending' | 'acked' | 'failed' | 'timedOut' | 'skipped';
interface Item {
  imei: string;
  name: string | null;
  id?: number;
  outcome: Outcome;
  note?: string;
}
interface Run {
  items: Item[];
  startedAt: number;
  done: boolean;
}

/** Folds the acks into the run; what is still pending after the timeout has timed out. */
export function applyAcks(run: Run, acks: readonly CommandAck[], now: number): Run {
  const byId = new Map(acks.map((a) => [a.id, a]));
  const late = now - run.startedAt >= REFRESH_TIMEOUT_MS;
  const items = run.items.map((it): Item => {
    if (it.outcome !== 'pending' || it.id === undefined) return it;
    const a = byId.get(it.id);
    if (a?.ackOk === true) return { ...it, outcome: 'acked', note: a.ackMsg ?? undefined };
    if (a?.ackOk === false || a?.status === 4) return { ...it, outcome: 'failed', note: a.ackMsg ?? undefined };
    return late ? { ...it, outcome: 'timedOut' } : it;
  });
  return { ...run, items, done: items.every((i) => i.outcome !== 'pending') };
}

export const countOf = (run: Run, outcome: Outcome) => run.items.filter((i) => i.outcome === outcome).length;

/**
 * /randomReload: ask a random sample of the tenant's online devices, or a chosen set, for a fresh
 * report (`report` command), and follow the acks live: asked, acked, failed, timed out.
 */
export function RandomReloadScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const codeLabel = useCodeLabel();
  const [mode, setMode] = useState<'sample' | 'chosen'>('sample');
  const [size, setSize] = useState<number | string>(20);
  const [kind, setKind] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [starting, setStarting] = useState(false);
  const runRef = useRef(run);
  runRef.current = run;

  // While acks are outstanding, ask for them every second and fold them in.
  useEffect(() => {
    if (!run || run.done) return;
    const ids = run.items.filter((i) => i.outcome === 'pending' && i.id !== undefined).map((i) => i.id!);
    const timer = setTimeout(() => {
      void request<{ rows: CommandAck[] }>('device', 'command/acks', { ids }, { background: true, quiet: true })
        .then((answer) => answer.rows)
        // A lost answer is asked again next time; the timeout still ends the run.
        .catch(() => [] as CommandAck[])
        .then((acks) => {
          const current = runRef.current;
          if (current && current.startedAt === run.startedAt) setRun(applyAcks(current, acks, Date.now()));
        });
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [run]);

  useEffect(() => {
    if (run?.done) void invalidateResource(queryClient, 'command');
  }, [run?.done, queryClient]);

  const start = async (body: RefreshBody) => {
    setStarting(true);
    try {
      const answer = await request<RefreshAnswer>('device', 'command/refresh', body);
      const items: Item[] = [
        ...answer.asked.map((a): Item => ({
          imei: a.imei,
          name: a.name,
          id: a.id,
          outcome: a.status === 4 ? 'failed' : 'pending',
        })),
        ...answer.skipped.map((s): Item => ({
          imei: s.imei,
          name: null,
          outcome: 'skipped',
          note: serverMessage(s.key, s.key),
        })),
      ];
      setRun({ items, startedAt: Date.now(), done: items.every((i) => i.outcome !== 'pending') });
    } finally {
      setStarting(false);
    }
  };

  const startSample = () => {
    const n = Number(size);
    if (!Number.isInteger(n) || n < 1 || n > REFRESH_MAX) return;
    void confirmDanger({ message: t`确定要随机抽取 ${n} 台在线设备并要求其立即上报吗？`, confirmLabel: t`刷新` }).then(
      (ok) => ok && void start({ sample: n, ...(kind ? { kind: kind as RefreshBody['kind'] } : {}) }),
    );
  };

  const imeisOf = (ids: number[]): string[] => {
    const lists = queryClient.getQueriesData<{ rows: Row[] }>({ queryKey: [...resourceKeys.all('device'), 'list'] });
    const all = new Map(lists.flatMap(([, data]) => data?.rows ?? []).map((r) => [r.id, String(r.imei)]));
    return ids.map((id) => all.get(id)).filter((v): v is string => Boolean(v));
  };

  const toolbar = (selected: number[]) => (
    <Button
      loading={starting}
      data-testid="refresh-chosen"
      onClick={() =>
        requireSelection(
          selected,
          (ids) =>
            void confirmDanger({
              message: t`确定要让选中的 ${ids.length} 台设备立即上报吗？`,
              confirmLabel: t`刷新`,
            }).then((ok) => ok && void start({ imeis: imeisOf(ids).slice(0, REFRESH_MAX) })),
        )
      }
    >
      <Trans>刷新选中设备</Trans>
    </Button>
  );

  const sizeInvalid = !Number.isInteger(Number(size)) || Number(size) < 1 || Number(size) > REFRESH_MAX;
  return (
    <Stack gap="md" p="xs">
      {/* The sample mode has no table, whose host would ask otherwise. */}
      <ConfirmHost />
      <SegmentedControl
        w={320}
        value={mode}
        onChange={(v) => setMode(v as 'sample' | 'chosen')}
        data={[
          { value: 'sample', label: t`随机抽样` },
          { value: 'chosen', label: t`选择设备` },
        ]}
        data-testid="refresh-mode"
      />
      {mode === 'sample' ? (
        <Group align="flex-end">
          <NumberInput
            label={t`抽样台数`}
            w={140}
            min={1}
            max={REFRESH_MAX}
            value={size}
            onChange={setSize}
            error={sizeInvalid ? t`请输入 1 到 ${REFRESH_MAX} 之间的整数` : undefined}
            data-testid="refresh-size"
          />
          <Select
            label={t`设备类型`}
            w={180}
            clearable
            placeholder={t`全部`}
            value={kind}
            onChange={setKind}
            data={DEVICE_KIND_TABLE.map((k) => ({ value: k.value, label: codeLabel(DEVICE_KIND_TABLE, k.value) }))}
            data-testid="refresh-kind"
          />
          <Button loading={starting} disabled={sizeInvalid} onClick={startSample} data-testid="refresh-sample">
            <Trans>开始随机刷新</Trans>
          </Button>
        </Group>
      ) : (
        <DeviceTable preset="restart" {...props} toolbar={toolbar} />
      )}
      {run && <RunReport run={run} onClear={() => setRun(null)} />}
    </Stack>
  );
}

const OUTCOME_COLORS: Record<Outcome, string> = {
  pending: 'blue',
  acked: 'green',
  failed: 'red',
  timedOut: 'orange',
  skipped: 'gray',
};

function RunReport({ run, onClear }: { run: Run; onClear: () => void }) {
  const { t } = useLingui();
  const labels: Record<Outcome, string> = {
    pending: t`等待应答`,
    acked: t`已应答`,
    failed: t`失败`,
    timedOut: t`超时`,
    skipped: t`未下发`,
  };
  const asked = run.items.filter((i) => i.id !== undefined).length;
  const settled = run.items.filter((i) => i.id !== undefined && i.outcome !== 'pending').length;
  const figures: [string, number, string][] = [
    [t`已下发`, asked, 'asked'],
    [labels.acked, countOf(run, 'acked'), 'acked'],
    [labels.failed, countOf(run, 'failed'), 'failed'],
    [labels.timedOut, countOf(run, 'timedOut'), 'timedOut'],
    [labels.skipped, countOf(run, 'skipped'), 'skipped'],
  ];
  return (
    <Card withBorder data-testid="refresh-report" data-done={run.done}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{run.done ? <Trans>刷新完成</Trans> : <Trans>正在等待设备应答…</Trans>}</Text>
        <Button size="compact-xs" variant="subtle" onClick={onClear} disabled={!run.done}>
          <Trans>清除</Trans>
        </Button>
      </Group>
      <SimpleGrid cols={5} mb="xs">
        {figures.map(([label, value, id]) => (
          <div key={id}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} size="lg" data-testid={`refresh-${id}`}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Progress value={asked ? (settled * 100) / asked : 100} animated={!run.done} mb="xs" />
      <ScrollArea.Autosize mah={320}>
        <Table fz="xs">
          <Table.Tbody>
            {run.items.map((it) => (
              <Table.Tr key={`${it.imei}-${it.id ?? 'x'}`} data-testid="refresh-row" data-outcome={it.outcome}>
                <Table.Td ff="monospace">{it.imei}</Table.Td>
                <Table.Td>{it.name ?? ''}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[it.outcome]} variant="light">
                    {labels[it.outcome]}
                  </Badge>
                </Table.Td>
                <Table.Td>{it.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Card>
  );
}
