import { useState } from 'react';
import { Alert, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MALL_PAY_METHOD_TABLE } from '../../../entities/mall-order/resource';
import { PAY_METHOD, type PayMethodName } from '../../../shared/payments';
import { DataTable, type Column } from '../../components/DataTable';
import { RegionSelector } from '../../components/RegionSelector';
import type { RegionValue } from '../../components/RegionSelector/regions';
import { RequestError } from '../../lib/request';
import { useCodeLabel } from '../resources/display';
import {
  fenYuan,
  mallMethodsQuery,
  placeOrder,
  quoteQuery,
  regionPath,
  type CartItem,
  type QuoteLine,
} from './mallOrders.api';
import { offeredMethod, openPayPage } from '../payments/payments.api';
import { ModalFooter } from '../../components/ModalFooter';

interface CheckoutModalProps {
  items: CartItem[];
  onClose: () => void;
  /** Called with the order once placed (before the pay page opens); the storefront may clear its cart. */
  onPlaced?: (order: { id: number; orderNo: string }) => void;
}

const PHONE_RE = /^1[3-9]\d{9}$/;

/** An order line: the item with its specs, unit price, quantity (short stock in red), line total. */
const LINE_COLUMNS: Column<QuoteLine>[] = [
  {
    id: 'name',
    name: 'name',
    title: <Trans>商品</Trans>,
    width: 220,
    render: (l) => (
      <>
        <Text size="sm">{l.name}</Text>
        {Object.keys(l.specs).length > 0 && (
          <Text size="xs" c="dimmed">
            {Object.entries(l.specs)
              .map(([k, v]) => `${k}: ${v}`)
              .join(' / ')}
          </Text>
        )}
      </>
    ),
  },
  { id: 'price', name: 'priceFen', title: <Trans>单价</Trans>, width: 100, render: (l) => fenYuan(l.priceFen) },
  {
    id: 'qty',
    name: 'qty',
    title: <Trans>数量</Trans>,
    width: 120,
    render: (l) => (
      <>
        {l.qty}
        {l.stock < l.qty && (
          <Text size="xs" c="red">
            <Trans>库存不足（余 {l.stock}）</Trans>
          </Text>
        )}
      </>
    ),
  },
  { id: 'total', name: 'total', title: <Trans>小计</Trans>, width: 100, render: (l) => fenYuan(l.priceFen * l.qty) },
];

/**
 * The mall's checkout: the items with their prices, the address with its region, the freight the
 * service quotes for that region (`mall/order/quote`), the payment method (the configured ones),
 * and "place the order", which takes the stock and opens the payment's pay page.
 */
export function CheckoutModal({ items, onClose, onPlaced }: CheckoutModalProps) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const [region, setRegion] = useState<RegionValue>({});
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [detail, setDetail] = useState('');
  const [remark, setRemark] = useState('');
  const [picked, setMethod] = useState<PayMethodName>('sandbox');
  const [tried, setTried] = useState(false);
  const regionCode = region.city ? regionPath(region) : '';
  const quote = useQuery(quoteQuery(items, regionCode));
  const methods = useQuery(mallMethodsQuery());
  const method = offeredMethod(picked, methods.data);
  const place = useMutation({
    mutationFn: () =>
      placeOrder({
        items,
        address: { name: name.trim(), phone: phone.trim(), detail: detail.trim() },
        regionCode,
        method,
        ...(remark.trim() ? { remark: remark.trim() } : {}),
      }),
    onSuccess: (placed) => {
      onPlaced?.(placed);
      openPayPage(placed.payUrl);
    },
  });
  const errors = {
    name: !name.trim() ? t`请填写收货人` : undefined,
    phone: !PHONE_RE.test(phone.trim()) ? t`请填写11位手机号` : undefined,
    region: !region.city ? t`请选择省市` : undefined,
    detail: detail.trim().length < 2 ? t`请填写详细地址` : undefined,
  };
  const valid = !Object.values(errors).some(Boolean);
  const shown = (e: string | undefined) => (tried ? e : undefined);
  const submit = () => {
    setTried(true);
    if (valid && quote.data) place.mutate();
  };
  const failure = place.error ?? quote.error;

  return (
    <Modal opened onClose={onClose} title={<Trans>确认订单</Trans>} size="lg" data-testid="checkout-modal">
      <Stack gap="sm">
        <DataTable<QuoteLine>
          columns={LINE_COLUMNS}
          rows={quote.data?.lines ?? []}
          rowKey={(l) => l.skuId}
          loading={quote.isPending}
          compact
          testId="checkout-items"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t`收货人`}
            withAsterisk
            maxLength={30}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={shown(errors.name)}
            data-testid="checkout-name"
          />
          <TextInput
            label={t`手机号`}
            withAsterisk
            maxLength={11}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={shown(errors.phone)}
            data-testid="checkout-phone"
          />
        </Group>
        <div data-testid="checkout-region">
          <RegionSelector value={region} onChange={setRegion} />
          {shown(errors.region) && (
            <Text size="xs" c="red">
              {errors.region}
            </Text>
          )}
        </div>
        <TextInput
          label={t`详细地址`}
          withAsterisk
          maxLength={200}
          value={detail}
          onChange={(e) => setDetail(e.currentTarget.value)}
          error={shown(errors.detail)}
          data-testid="checkout-address"
        />
        <Textarea
          label={t`备注`}
          maxLength={200}
          minRows={1}
          value={remark}
          onChange={(e) => setRemark(e.currentTarget.value)}
        />
        <Radio.Group label={t`支付方式`} value={method} onChange={(v) => setMethod(v as PayMethodName)}>
          <Group mt={4}>
            {(methods.data ?? ['sandbox']).map((m) => (
              <Radio
                key={m}
                value={m}
                label={codeLabel(MALL_PAY_METHOD_TABLE, PAY_METHOD[m])}
                data-testid={`checkout-method-${m}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="space-between" data-testid="checkout-sum">
          <Text size="sm">
            <Trans>商品金额</Trans> {fenYuan(quote.data?.goodsFen)} · <Trans>运费</Trans>{' '}
            <span data-testid="checkout-freight">
              {regionCode ? fenYuan(quote.data?.freightFen) : t`选择地区后计算`}
            </span>
          </Text>
          <Text fw={600}>
            <Trans>应付</Trans> <span data-testid="checkout-total">{fenYuan(quote.data?.totalFen)}</span>
          </Text>
        </Group>
        {failure && (
          <Alert color="red" data-testid="checkout-error">
            {failure instanceof RequestError ? failure.message : String(failure)}
          </Alert>
        )}
        <ModalFooter
          onCancel={onClose}
          onClick={submit}
          loading={place.isPending}
          disabled={!quote.data || items.length === 0}
          data-testid="checkout-place"
        >
          <Trans>提交订单并支付</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}
