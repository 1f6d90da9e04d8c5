import { useState } from 'react';
import { Alert, Badge, Button, Drawer, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import warehouseItemDef, {
  formatTons,
  isTonAmount,
  WAREHOUSE_MOVE,
  WAREHOUSE_MOVE_TABLE,
  type WarehouseMove,
} from '../../../entities/warehouse-item/resource';
import { codeText } from '../../i18n/codeLabels';
import { formatDateCell } from '../../components/DataTable/cells';
import { RequestError, request, toast } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

export interface WarehouseMovement {
  id: number;
  kind: string;
  quantity: number;
  remainingAfter: number;
  note: string | null;
  operatorName: string | null;
  createdAt: string;
}

/** An item is low when its remaining is at or below its alert limit (a limit of 0 only flags an empty item). */
export const isLow = (row: Row): boolean => Number(row.remaining ?? 0) <= Number(row.alertBelow ?? 0);

const moveKey = (id: unknown) => ['user', 'warehouseItem', 'movements', id] as const;

/** 出入库: a movement of the item (in, used, unqualified, adjust) in tons with three decimals; the server refuses an overdraw. */
export function MoveModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<WarehouseMove>(WAREHOUSE_MOVE.in);
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ field?: string; server?: string; key?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setKind(WAREHOUSE_MOVE.in);
    setQuantity('');
    setNote('');
    setError({});
    onClose();
  };

  const submit = async () => {
    const q = Number(quantity);
    const valid = quantity !== '' && isTonAmount(q) && q !== 0 && (kind === WAREHOUSE_MOVE.adjust || q > 0);
    if (!valid) {
      setError({
        field:
          kind === WAREHOUSE_MOVE.adjust
            ? t`请输入非零的吨数，最多三位小数（负数为盘亏）`
            : t`请输入大于 0 的吨数，最多三位小数`,
      });
      return;
    }
    if (!row) return;
    setBusy(true);
    try {
      await request(
        'user',
        'warehouseItem/move',
        { id: row.id, kind, quantity: q, note: note.trim() || undefined },
        { quiet: true },
      );
      toast('success', t`已记录`);
      await invalidateResource(queryClient, warehouseItemDef.name);
      await queryClient.invalidateQueries({ queryKey: moveKey(row.id) });
      close();
    } catch (e) {
      const key = e instanceof RequestError ? e.key : undefined;
      const remaining = formatTons(row.remaining);
      setError({
        key,
        server:
          key === 'warehouseOverdraw' ? t`剩余不足：当前剩余 ${remaining} 吨，剩余不能小于 0` : (e as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={row !== null} onClose={close} title={<Trans>出入库登记</Trans>} data-testid="warehouse-move">
      <Stack gap="sm">
        <Text size="sm">
          {String(row?.name ?? '')} · <Trans>剩余</Trans> {formatTons(row?.remaining)} <Trans>吨</Trans>
        </Text>
        <Select
          label={t`类型`}
          data={WAREHOUSE_MOVE_TABLE.map((m) => ({ value: m.value, label: codeText(m) }))}
          value={kind}
          onChange={(v) => v && setKind(v as WarehouseMove)}
          allowDeselect={false}
          data-testid="warehouse-move-kind"
        />
        <NumberInput
          label={t`数量(吨)`}
          decimalScale={3}
          value={quantity}
          onChange={setQuantity}
          error={error.field}
          withAsterisk
          data-testid="warehouse-move-quantity"
        />
        <TextInput
          label={t`备注`}
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-testid="warehouse-move-note"
        />
        {error.server && (
          <Alert color="red" data-testid="warehouse-move-error" data-key={error.key}>
            {error.server}
          </Alert>
        )}
        <ModalFooter onCancel={close} loading={busy} onClick={() => void submit()} data-testid="warehouse-move-submit">
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

/** The item's movements, newest first: when, what, how much, remaining after, who, note. */
export function MovementsDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const movements = useQuery({
    queryKey: moveKey(row?.id),
    queryFn: () => request<{ rows: WarehouseMovement[] }>('user', 'warehouseItem/movements', { id: row!.id }),
    enabled: row !== null,
  });
  const rows = movements.data?.rows ?? [];
  const kindText = (k: string) => {
    const entry = WAREHOUSE_MOVE_TABLE.find((m) => m.value === k);
    return entry ? codeText(entry) : k;
  };
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={<Trans>出入库流水</Trans>}
      data-testid="warehouse-movements"
    >
      <Text size="sm" mb="sm">
        {String(row?.name ?? '')}
      </Text>
      {movements.isLoading ? (
        <Text size="sm" c="dimmed">
          <Trans>加载中…</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>暂无出入库记录</Trans>
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>类型</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>数量(吨)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>变动后剩余(吨)</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>操作人</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>备注</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} data-testid="warehouse-movement-row">
                <Table.Td>{formatDateCell(m.createdAt)}</Table.Td>
                <Table.Td>{kindText(m.kind)}</Table.Td>
                <Table.Td>{formatTons(m.quantity)}</Table.Td>
                <Table.Td>{formatTons(m.remainingAfter)}</Table.Td>
                <Table.Td>{m.operatorName ?? ''}</Table.Td>
                <Table.Td>{m.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}

const tonsCell = (field: string) => (row: Row) => formatTons(row[field]);

/**
 * /manageStorage: the site's warehouse items in tons (three decimals); 出入库 records a movement
 * (in, used, unqualified, adjust), 流水 lists them; an item at or below its alert limit is marked low.
 */
export function StorageScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [moving, setMoving] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  const lowOnly = Number(props.search.filters?.low) === 1;
  return (
    <>
      <ResourceScreen
        def={warehouseItemDef}
        {...props}
        title={<Trans>仓库管理</Trans>}
        toolbar={() => (
          <Button
            variant={lowOnly ? 'filled' : 'light'}
            color="orange"
            data-testid="warehouse-low-only"
            onClick={() =>
              props.onSearchChange({
                ...props.search,
                page: 1,
                filters: { ...props.search.filters, low: lowOnly ? undefined : 1 },
              })
            }
          >
            <Trans>只看库存预警</Trans>
          </Button>
        )}
        cells={{
          stock: tonsCell('stock'),
          used: tonsCell('used'),
          unqualified: tonsCell('unqualified'),
          remaining: (row) =>
            isLow(row) ? (
              <Badge color="red" variant="light" data-testid={`warehouse-low-${row.id}`}>
                {formatTons(row.remaining)} · <Trans>库存预警</Trans>
              </Badge>
            ) : (
              <Text span size="sm" c="teal" data-testid={`warehouse-remaining-${row.id}`}>
                {formatTons(row.remaining)}
              </Text>
            ),
        }}
        rowActions={[
          { id: 'move', title: t`出入库`, color: 'teal', mark: 'warehouseItem:update', run: (row) => setMoving(row) },
          { id: 'movements', title: t`流水`, color: 'gray', run: (row) => setHistory(row) },
        ]}
      />
      <MoveModal row={moving} onClose={() => setMoving(null)} />
      <MovementsDrawer row={history} onClose={() => setHistory(null)} />
    </>
  );
}
