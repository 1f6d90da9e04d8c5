import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PayMethodName } from '../../../shared/payments';
import { BILL_METHOD_TABLE } from '../../../entities/bill/resource';
import { SIM_CARRIER_TABLE, SIM_STATE_TABLE } from '../../../entities/sim-card/resource';
import { PACKAGE_TYPE, PACKAGE_TYPE_TABLE } from '../../../entities/sim-package/resource';
import { PAY_METHOD } from '../../../shared/payments';
import type { FieldErrors } from '../../lib/formErrors';
import { RequestError } from '../../lib/request';
import { useFormErrors } from '../../lib/useFormErrors';
import { useCodeLabel } from '../resources/display';
import { refOptionsQuery, type Row } from '../resources/resources.queries';
import type { RouteScreenProps } from '../screens/types';
import {
  buyBatch,
  buyPackage,
  cardInfo,
  payMethodsQuery,
  yuan,
  type BatchResult,
  type CardInfo,
  type CardRef,
} from './billing.api';
import { offeredMethod, openPayPage } from '../payments/payments.api';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDateCell } from '../../lib/dates';

/**
 * What a purchase screen buys and how it names the card:
 * - card: /topup, a package (or add-on) for a card by ICCID or access number;
 * - data: /topup1, data (add-ons and top-ups) by access number;
 * - device: /Recharge, a package for the card bound to a device (by IMEI);
 * - renew: /Recharge2, the current package of a device's card again for N periods;
 * - batch: /topup2, one order per card for a list of access numbers or ICCIDs.
 */
export type BuyMode = 'card' | 'data' | 'device' | 'renew' | 'batch';

const ICCID = /^\d{19,20}$/;

/** ICCID or access number: 19-20 digits is an ICCID, anything else an access number. */
const refOf = (mode: BuyMode, text: string): CardRef => {
  const v = text.trim();
  if (mode === 'device' || mode === 'renew') return { imei: v };
  return ICCID.test(v) ? { iccid: v } : { msisdn: v };
};

/** ?packageId= / ?iccid= / ?imei= from the link that opened the screen (packageList's 购买, a card's 充值). */
function startParams(search: RouteScreenProps['search']): { packageId?: number; number?: string } {
  const url = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search);
  const filters = search.filters ?? {};
  const packageId = Number(filters.packageId ?? url.get('packageId') ?? NaN);
  const number = String(
    filters.iccid ?? filters.msisdn ?? filters.imei ?? url.get('iccid') ?? url.get('msisdn') ?? url.get('imei') ?? '',
  );
  return {
    packageId: Number.isInteger(packageId) && packageId > 0 ? packageId : undefined,
    number: number || undefined,
  };
}

export function BuyScreen({ mode, search }: RouteScreenProps & { mode: BuyMode }) {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const start = useMemo(() => startParams(search), [search]);
  const methods = useQuery(payMethodsQuery());
  const packages = useQuery(refOptionsQuery({ kind: 'iot', resource: 'package' }));
  const cards = useQuery({
    ...refOptionsQuery({ kind: 'iot', resource: 'simCard' }),
    enabled: mode !== 'device' && mode !== 'renew',
  });
  const devices = useQuery({
    ...refOptionsQuery({ kind: 'device', resource: 'device' }),
    enabled: mode === 'device' || mode === 'renew',
  });
  const [number, setNumber] = useState(start.number ?? '');
  const [numbers, setNumbers] = useState('');
  const [card, setCard] = useState<CardInfo | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [packageId, setPackageId] = useState<string | null>(start.packageId ? String(start.packageId) : null);
  const [picked, setMethod] = useState<PayMethodName>('sandbox');
  const method = offeredMethod(picked, methods.data);
  const [periods, setPeriods] = useState<number>(1);
  const errors = useFormErrors<'number' | 'package' | 'periods'>();
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BatchResult[] | null>(null);

  const wanted = (p: Row) => Number(p.status) === 1 && (mode === 'data' ? Number(p.type) !== PACKAGE_TYPE.data : true);
  const onSale = (packages.data ?? []).filter(wanted);
  const chosen =
    mode === 'renew'
      ? (packages.data ?? []).find((p) => p.id === card?.packageId)
      : onSale.find((p) => String(p.id) === packageId);
  const price = chosen ? Number(chosen.price) * (mode === 'renew' ? periods : 1) : null;

  const lookup = async (text = number) => {
    setCard(null);
    setCardError(null);
    if (!text.trim()) return;
    try {
      setCard(await cardInfo(refOf(mode, text)));
    } catch (err) {
      setCardError(err instanceof RequestError ? err.message : String(err));
    }
  };
  // A card or device named by the link is looked up at once.
  useEffect(() => {
    if (start.number && mode !== 'batch') void lookup(start.number);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const validate = (): boolean => {
    const e: FieldErrors<'number' | 'package' | 'periods'> = {};
    if (mode === 'batch') {
      if (!numbers.split(/[\s,，;；]+/).some(Boolean)) e.number = t`充值号码不能为空`;
    } else if (!number.trim()) {
      e.number = mode === 'device' || mode === 'renew' ? t`请选择或输入设备IMEI` : t`充值号码不能为空`;
    } else if (!card) {
      e.number = cardError ?? t`请先查询卡片`;
    }
    if (mode === 'renew') {
      if (card && !card.packageId) e.package = t`该卡还没有套餐，请在设备充值中购买`;
      if (!Number.isInteger(periods) || periods < 1 || periods > 36) e.periods = t`续费周期须为 1 到 36`;
    } else if (!packageId) {
      e.package = t`请选择套餐`;
    }
    return !errors.show(e);
  };

  const pay = async () => {
    if (!validate()) return;
    setBusy(true);
    try {
      if (mode === 'batch') {
        const list = numbers.split(/[\s,，;；]+/).filter(Boolean);
        setResults(await buyBatch({ numbers: list, packageId: Number(packageId), method }));
        return;
      }
      const pkgId = mode === 'renew' ? card!.packageId! : Number(packageId);
      const answer = await buyPackage({
        iccid: card!.iccid,
        packageId: pkgId,
        method,
        periods: mode === 'renew' ? periods : undefined,
        renew: mode === 'renew' || undefined,
      });
      openPayPage(answer.payUrl);
    } catch {
      // The request helper showed why (already the current package, already bought, no bound card ...).
    } finally {
      setBusy(false);
    }
  };

  const titles: Record<BuyMode, string> = {
    card: t`套餐充值`,
    data: t`流量充值`,
    device: t`设备充值`,
    renew: t`设备续费`,
    batch: t`批量充值`,
  };
  const numberLabel =
    mode === 'device' || mode === 'renew' ? t`设备IMEI` : mode === 'data' ? t`接入号` : t`ICCID 或接入号`;
  const numberOptions =
    mode === 'device' || mode === 'renew'
      ? (devices.data ?? []).map((d) => ({
          value: String(d.imei),
          label: `${String(d.name ?? '')} ${String(d.imei)}`.trim(),
        }))
      : (cards.data ?? []).map((c) => {
          const value = String(mode === 'data' ? (c.msisdn ?? c.iccid) : c.iccid);
          return { value, label: c.msisdn ? `${String(c.iccid)} · ${String(c.msisdn)}` : String(c.iccid) };
        });
  const uniqueOptions = [...new Map(numberOptions.map((o) => [o.value, o])).values()];
  const available = (methods.data ?? ['sandbox']).map((m) => ({
    value: m,
    label: codeLabel(BILL_METHOD_TABLE, PAY_METHOD[m]),
  }));

  return (
    <Stack gap="md" maw={720} data-testid={`buy-${mode}`}>
      <Title order={4}>{titles[mode]}</Title>
      {mode === 'batch' ? (
        <Textarea
          label={t`接入号或ICCID（每行一个）`}
          withAsterisk
          minRows={4}
          value={numbers}
          onChange={(e) => setNumbers(e.currentTarget.value)}
          error={errors.text('number')}
          data-testid="buy-numbers"
        />
      ) : (
        <Group align="flex-end" wrap="nowrap">
          <Select
            label={numberLabel}
            withAsterisk
            searchable
            clearable
            style={{ flex: 1 }}
            data={uniqueOptions}
            value={number || null}
            onChange={(v) => {
              setNumber(v ?? '');
              errors.reset();
              void lookup(v ?? '');
            }}
            placeholder={t`选择或搜索`}
            error={errors.text('number')}
            data-testid="buy-number"
          />
          <TextInput
            label={t`或输入`}
            style={{ flex: 1 }}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            onBlur={() => void lookup()}
            onKeyDown={(e) => e.key === 'Enter' && void lookup()}
            data-testid="buy-number-input"
          />
          <Button variant="default" onClick={() => void lookup()} data-testid="buy-lookup">
            <Trans>查询</Trans>
          </Button>
        </Group>
      )}
      {cardError && mode !== 'batch' && (
        <Alert color="red" data-testid="buy-card-error">
          {cardError}
        </Alert>
      )}
      {card && (
        <Card withBorder data-testid="buy-card-info">
          <Group gap="lg">
            <Text size="sm">ICCID: {card.iccid}</Text>
            <Text size="sm">
              <Trans>接入号</Trans>: {card.msisdn ?? '-'}
            </Text>
            <Text size="sm">{codeLabel(SIM_CARRIER_TABLE, card.carrier)}</Text>
            <Badge variant="light">{codeLabel(SIM_STATE_TABLE, card.state)}</Badge>
            <Text size="sm" data-testid="buy-card-package">
              <Trans>当前套餐</Trans>: {card.packageName ?? t`无`}
            </Text>
            {card.packageExpiresAt && (
              <Text size="sm">
                <Trans>到期</Trans>: {formatDateCell(card.packageExpiresAt).slice(0, 10)}
              </Text>
            )}
            <Text size="sm">
              <Trans>本月流量</Trans>: {card.dataUsedMb} / {card.packageDataMb ?? '-'} MB
            </Text>
          </Group>
        </Card>
      )}
      {mode === 'renew' ? (
        <NumberInput
          label={t`续费周期数`}
          withAsterisk
          min={1}
          max={36}
          value={periods}
          onChange={(v) => setPeriods(Number(v) || 0)}
          error={errors.text('periods') ?? errors.text('package')}
          data-testid="buy-periods"
        />
      ) : (
        <Select
          label={t`套餐`}
          withAsterisk
          searchable
          data={onSale.map((p) => ({
            value: String(p.id),
            label: `${String(p.name)} · ${codeLabel(PACKAGE_TYPE_TABLE, p.type)} · ${yuan(p.price)}`,
          }))}
          value={packageId}
          onChange={(v) => {
            setPackageId(v);
            errors.clear('package');
          }}
          error={errors.text('package')}
          placeholder={t`请选择套餐`}
          data-testid="buy-package"
        />
      )}
      {chosen && (
        <Text size="sm" c="dimmed">
          {String(chosen.name)} · <Trans>有效期</Trans> {String(chosen.validityDays)} <Trans>天</Trans> ·{' '}
          {String(chosen.dataMb)} MB
        </Text>
      )}
      <Radio.Group
        label={t`支付方式`}
        value={method}
        onChange={(v) => setMethod(v as PayMethodName)}
        data-testid="buy-method"
      >
        <Group mt="xs">
          {available.map((m) => (
            <Radio key={m.value} value={m.value} label={m.label} />
          ))}
        </Group>
      </Radio.Group>
      <Group justify="space-between">
        <Text fw={600} data-testid="buy-price">
          <Trans>应付金额</Trans>: {price === null ? '-' : mode === 'batch' ? `${yuan(price)} × N` : yuan(price)}
        </Text>
        <Button onClick={() => void pay()} loading={busy} data-testid="buy-pay">
          <Trans>支付</Trans>
        </Button>
      </Group>
      {results && (
        <DataTable<BatchResult>
          columns={resultColumns}
          rows={results}
          rowKey={(r) => r.number}
          compact
          testId="buy-results"
        />
      )}
    </Stack>
  );
}

/** A batch purchase's answer per number: its order, or why none was made, and the payment link. */
const resultColumns: Column<BatchResult>[] = [
  { id: 'number', name: 'number', title: <Trans>号码</Trans>, width: 180 },
  {
    id: 'orderNo',
    name: 'orderNo',
    title: <Trans>订单号</Trans>,
    width: 200,
    render: (r) =>
      r.bill ? (
        String(r.bill.orderNo)
      ) : (
        <Text c="red" size="sm">
          {r.msg}
        </Text>
      ),
  },
  {
    id: 'amount',
    name: 'amount',
    title: <Trans>金额</Trans>,
    align: 'end',
    render: (r) => (r.bill ? yuan(r.bill.amount) : ''),
  },
  {
    id: 'pay',
    name: 'payUrl',
    title: '',
    render: (r) =>
      r.payUrl && (
        <Button size="xs" component="a" href={r.payUrl} target="_blank" rel="noopener">
          <Trans>去支付</Trans>
        </Button>
      ),
  },
];

export const TopupScreen = (props: RouteScreenProps) => <BuyScreen mode="card" {...props} />;
export const DataTopupScreen = (props: RouteScreenProps) => <BuyScreen mode="data" {...props} />;
export const BatchTopupScreen = (props: RouteScreenProps) => <BuyScreen mode="batch" {...props} />;
export const RechargeScreen = (props: RouteScreenProps) => <BuyScreen mode="device" {...props} />;
export const RenewScreen = (props: RouteScreenProps) => <BuyScreen mode="renew" {...props} />;
