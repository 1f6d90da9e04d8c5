import { useState } from 'react';
import { Badge, Button, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import warehouseItemDef, {
  formatTons,
  isTonAmount,
  WAREHOUSE_MOVE,
  WAREHOUSE_MOVE_TABLE,
  type WarehouseMove,
} from '../../../entities/warehouse-item/resource';
import { codeText } from '../../i18n/codeLabels';
import { request } from '../../lib/request';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { MoveModal as LedgerMoveModal, MovementsDrawer } from '../../components/StockLedger';
import { formatDateCell } from '../../lib/dates';

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
  const [fieldError, setFieldError] = useState<string | undefined>();

  const close = () => {
    setKind(WAREHOUSE_MOVE.in);
    setQuantity('');
    setNote('');
    setFieldError(undefined);
    onClose();
  };

  const validate = () => {
    const q = Number(quantity);
    const valid = quantity !== '' && isTonAmount(q) && q !== 0 && (kind === WAREHOUSE_MOVE.adjust || q > 0);
    setFieldError(
      valid
        ? undefined
        : kind === WAREHOUSE_MOVE.adjust
          ? t`请输入非零的吨数，最多三位小数（负数为盘亏）`
          : t`请输入大于 0 的吨数，最多三位小数`,
    );
    return valid && row !== null;
  };

  return (
    <LedgerMoveModal
      opened={row !== null}
      onClose={close}
      title={<Trans>出入库登记</Trans>}
      summary={
        <>
          {String(row?.name ?? '')} · <Trans>剩余</Trans> {formatTons(row?.remaining)} <Trans>吨</Trans>
        </>
      }
      testIds={{ modal: 'warehouse-move', submit: 'warehouse-move-submit', error: 'warehouse-move-error' }}
      validate={validate}
      send={() =>
        request(
          'user',
          'warehouseItem/move',
          { id: row!.id, kind, quantity: Number(quantity), note: note.trim() || undefined },
          { quiet: true },
        )
      }
      done={{
        message: () => t`已记录`,
        refresh: async () => {
          await invalidateResource(queryClient, warehouseItemDef.name);
          await queryClient.invalidateQueries({ queryKey: moveKey(row!.id) });
        },
      }}
      refused={(key) => {
        const remaining = formatTons(row?.remaining);
        return key === 'warehouseOverdraw' ? t`剩余不足：当前剩余 ${remaining} 吨，剩余不能小于 0` : undefined;
      }}
    >
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
        error={fieldError}
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
    </LedgerMoveModal>
  );
}

const kindText = (k: string) => {
  const entry = WAREHOUSE_MOVE_TABLE.find((m) => m.value === k);
  return entry ? codeText(entry) : k;
};

/** The item's movements, newest first: when, what, how much, remaining after, who, note. */
export function ItemMovements({ row, onClose }: { row: Row | null; onClose: () => void }) {
  return (
    <MovementsDrawer<WarehouseMovement>
      itemId={row ? Number(row.id) : undefined}
      onClose={onClose}
      size="xl"
      title={<Trans>出入库流水</Trans>}
      subtitle={String(row?.name ?? '')}
      queryKey={moveKey(row?.id)}
      load={(id) => request<{ rows: WarehouseMovement[] }>('user', 'warehouseItem/movements', { id })}
      empty={<Trans>暂无出入库记录</Trans>}
      testIds={{ drawer: 'warehouse-movements', row: 'warehouse-movement-row' }}
      columns={[
        { title: <Trans>时间</Trans>, cell: (m) => formatDateCell(m.createdAt) },
        { title: <Trans>类型</Trans>, cell: (m) => kindText(m.kind) },
        { title: <Trans>数量(吨)</Trans>, cell: (m) => formatTons(m.quantity) },
        { title: <Trans>变动后剩余(吨)</Trans>, cell: (m) => formatTons(m.remainingAfter) },
        { title: <Trans>操作人</Trans>, cell: (m) => m.operatorName ?? '' },
        { title: <Trans>备注</Trans>, cell: (m) => m.note ?? '' },
      ]}
    />
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
      <ItemMovements row={history} onClose={() => setHistory(null)} />
    </>
  );
}
