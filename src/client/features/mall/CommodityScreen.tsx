import { useState } from 'react';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import productSkuDef, { STOCK_REASON_TABLE } from '../../../entities/product-sku/resource';
import { request } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { MoveModal, MovementsDrawer } from '../../components/StockLedger';
import { formatDateCell } from '../../lib/dates';

interface Movement {
  id: number;
  delta: number;
  stockAfter: number;
  reason: string;
  note: string | null;
  operatorName: string;
  createdAt: string;
}

const movementsKey = (id: unknown) => ['mall', 'productSku', 'movements', id] as const;

/** 调整库存: a signed change with a reason; the server refuses what would go below zero ('stockNegative'). */
function AdjustStockModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const errors = useFormErrors<'delta' | 'reason'>();

  const close = () => {
    setDelta('');
    setReason(null);
    setNote('');
    errors.reset();
    onClose();
  };

  const validate = () => {
    const d = Number(delta);
    const invalid = errors.show({
      delta: delta === '' || !Number.isInteger(d) || d === 0 ? t`请输入非零的整数（正数入库，负数出库）` : undefined,
      reason: reason ? undefined : t`请选择调整原因`,
    });
    return !invalid && row !== null;
  };

  return (
    <MoveModal
      opened={row !== null}
      onClose={close}
      title={<Trans>调整库存</Trans>}
      summary={
        <>
          {String(row?.code ?? '')} {String(row?.specText ?? '')} · <Trans>当前库存</Trans> {String(row?.stock ?? 0)}
        </>
      }
      testIds={{ modal: 'stock-adjust', submit: 'stock-submit', error: 'stock-error' }}
      validate={validate}
      send={() =>
        request<{ stock: number }>(
          'mall',
          'productSku/adjustStock',
          { id: row!.id, delta: Number(delta), reason, note: note.trim() || undefined },
          { quiet: true },
        )
      }
      done={{
        message: (answer) => t`库存已调整为 ${(answer as { stock: number }).stock}`,
        refresh: async () => {
          await invalidateResource(queryClient, productSkuDef.name);
          await queryClient.invalidateQueries({ queryKey: movementsKey(row!.id) });
        },
      }}
      refused={(key) => {
        const stock = String(row?.stock ?? 0);
        return key === 'stockNegative' ? t`库存不足：当前库存 ${stock}，调整后不能小于 0` : undefined;
      }}
    >
      <NumberInput
        label={t`变动数量`}
        description={t`正数入库，负数出库`}
        allowDecimal={false}
        value={delta}
        onChange={setDelta}
        error={errors.text('delta')}
        withAsterisk
        data-testid="stock-delta"
      />
      <Select
        label={t`调整原因`}
        data={STOCK_REASON_TABLE.map((r) => ({ value: r.value, label: codeLabel(STOCK_REASON_TABLE, r.value) }))}
        value={reason}
        onChange={setReason}
        error={errors.text('reason')}
        withAsterisk
        data-testid="stock-reason"
      />
      <TextInput
        label={t`备注`}
        maxLength={200}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        data-testid="stock-note"
      />
    </MoveModal>
  );
}

/** The SKU's stock movements, newest first. */
function SkuMovements({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const codeLabel = useCodeLabel();
  return (
    <MovementsDrawer<Movement>
      itemId={row ? Number(row.id) : undefined}
      onClose={onClose}
      title={<Trans>库存流水</Trans>}
      subtitle={`${String(row?.code ?? '')} ${String(row?.specText ?? '')}`}
      queryKey={movementsKey(row?.id)}
      load={(id) => request<{ rows: Movement[] }>('mall', 'productSku/movements', { id })}
      empty={<Trans>暂无库存变动</Trans>}
      testIds={{ drawer: 'stock-movements', row: 'movement-row' }}
      columns={[
        { title: <Trans>时间</Trans>, cell: (m) => formatDateCell(m.createdAt) },
        {
          title: <Trans>变动</Trans>,
          cell: (m) => (m.delta > 0 ? `+${m.delta}` : String(m.delta)),
          color: (m) => (m.delta < 0 ? 'red' : 'teal'),
        },
        { title: <Trans>变动后</Trans>, cell: (m) => m.stockAfter },
        {
          title: <Trans>原因</Trans>,
          cell: (m) => `${codeLabel(STOCK_REASON_TABLE, m.reason)}${m.note ? ` · ${m.note}` : ''}`,
        },
        { title: <Trans>操作人</Trans>, cell: (m) => m.operatorName },
      ]}
    />
  );
}

/**
 * /Commodity: the product library, every SKU with its price and stock; 调整库存 changes the stock
 * with a reason (never below zero) and 库存流水 shows the SKU's movements.
 */
export function CommodityScreen(props: RouteScreenProps) {
  const { t } = useLingui();
  const [adjusting, setAdjusting] = useState<Row | null>(null);
  const [history, setHistory] = useState<Row | null>(null);
  return (
    <>
      <ResourceScreen
        def={productSkuDef}
        {...props}
        title={<Trans>商品库</Trans>}
        rowActions={[
          {
            id: 'adjustStock',
            title: t`调整库存`,
            color: 'teal',
            mark: 'productSku:update',
            run: (row) => setAdjusting(row),
          },
          { id: 'movements', title: t`库存流水`, color: 'gray', run: (row) => setHistory(row) },
        ]}
      />
      <AdjustStockModal row={adjusting} onClose={() => setAdjusting(null)} />
      <SkuMovements row={history} onClose={() => setHistory(null)} />
    </>
  );
}
