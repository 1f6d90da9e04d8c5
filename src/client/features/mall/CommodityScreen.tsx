import { useState } from 'react';
import { Alert, Drawer, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import productSkuDef, { STOCK_REASON_TABLE } from '../../../entities/product-sku/resource';
import { formatDateCell } from '../../components/DataTable/cells';
import { RequestError, request, toast } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import { ResourceScreen } from '../resources/ResourceScreen';
import { invalidateResource, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import { ModalFooter } from '../../components/ModalFooter';

interface Movement {
  id: number;
  delta: number;
  stockAfter: number;
  reason: string;
  note: string | null;
  operatorName: string;
  createdAt: string;
}

/** 调整库存: a signed change with a reason; the server refuses what would go below zero ('stockNegative'). */
function AdjustStockModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const queryClient = useQueryClient();
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string; server?: string; key?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setDelta('');
    setReason(null);
    setNote('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const d = Number(delta);
    const next: typeof errors = {};
    if (delta === '' || !Number.isInteger(d) || d === 0) next.delta = t`请输入非零的整数（正数入库，负数出库）`;
    if (!reason) next.reason = t`请选择调整原因`;
    setErrors(next);
    if (next.delta || next.reason || !row) return;
    setBusy(true);
    try {
      const res = await request<{ stock: number }>(
        'mall',
        'productSku/adjustStock',
        { id: row.id, delta: d, reason, note: note.trim() || undefined },
        { quiet: true },
      );
      toast('success', t`库存已调整为 ${res.stock}`);
      await invalidateResource(queryClient, productSkuDef.name);
      await queryClient.invalidateQueries({ queryKey: ['mall', 'productSku', 'movements', row.id] });
      close();
    } catch (error) {
      const key = error instanceof RequestError ? error.key : undefined;
      const stock = String(row.stock ?? 0);
      setErrors({
        key,
        server: key === 'stockNegative' ? t`库存不足：当前库存 ${stock}，调整后不能小于 0` : (error as Error).message,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={row !== null} onClose={close} title={<Trans>调整库存</Trans>} data-testid="stock-adjust">
      <Stack gap="sm">
        <Text size="sm">
          {String(row?.code ?? '')} {String(row?.specText ?? '')} · <Trans>当前库存</Trans> {String(row?.stock ?? 0)}
        </Text>
        <NumberInput
          label={t`变动数量`}
          description={t`正数入库，负数出库`}
          allowDecimal={false}
          value={delta}
          onChange={setDelta}
          error={errors.delta}
          withAsterisk
          data-testid="stock-delta"
        />
        <Select
          label={t`调整原因`}
          data={STOCK_REASON_TABLE.map((r) => ({ value: r.value, label: codeLabel(STOCK_REASON_TABLE, r.value) }))}
          value={reason}
          onChange={setReason}
          error={errors.reason}
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
        {errors.server && (
          <Alert color="red" data-testid="stock-error" data-key={errors.key}>
            {errors.server}
          </Alert>
        )}
        <ModalFooter onCancel={close} loading={busy} onClick={() => void submit()} data-testid="stock-submit">
          <Trans>确定</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

/** The SKU's stock movements, newest first. */
function MovementsDrawer({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const codeLabel = useCodeLabel();
  const movements = useQuery({
    queryKey: ['mall', 'productSku', 'movements', row?.id],
    queryFn: () => request<{ rows: Movement[] }>('mall', 'productSku/movements', { id: row!.id }),
    enabled: row !== null,
  });
  const rows = movements.data?.rows ?? [];
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Trans>库存流水</Trans>}
      data-testid="stock-movements"
    >
      <Text size="sm" mb="sm">
        {String(row?.code ?? '')} {String(row?.specText ?? '')}
      </Text>
      {movements.isLoading ? (
        <Text size="sm" c="dimmed">
          <Trans>加载中…</Trans>
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>暂无库存变动</Trans>
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>时间</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>变动</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>变动后</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>原因</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>操作人</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((m) => (
              <Table.Tr key={m.id} data-testid="movement-row">
                <Table.Td>{formatDateCell(m.createdAt)}</Table.Td>
                <Table.Td c={m.delta < 0 ? 'red' : 'teal'}>{m.delta > 0 ? `+${m.delta}` : String(m.delta)}</Table.Td>
                <Table.Td>{m.stockAfter}</Table.Td>
                <Table.Td>
                  {codeLabel(STOCK_REASON_TABLE, m.reason)}
                  {m.note ? ` · ${m.note}` : ''}
                </Table.Td>
                <Table.Td>{m.operatorName}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
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
      <MovementsDrawer row={history} onClose={() => setHistory(null)} />
    </>
  );
}
