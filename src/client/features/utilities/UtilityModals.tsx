import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { TOPUP_MAX_YUAN } from '../../../entities/utility-account/resource';
import { request, toast } from '../../lib/request';
import type { Row } from '../resources/resources.queries';
import type { TopupAnswer } from './utilities.api';
import type { PayMethodName } from '../../../shared/payments';
import { offeredMethod, paymentMethodsQuery } from '../payments/payments.api';
import { ModalFooter } from '../../components/ModalFooter';

/** The kind of a utility account: electricity (1) or water (2). */
export type Kind = 1 | 2;

/** The top-up amount in yuan is valid: more than 0, at most TOPUP_MAX_YUAN, whole fen. */
export function topupAmountError(value: number | string): 'required' | 'range' | 'fen' | null {
  if (value === '' || value === null || value === undefined) return 'required';
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > TOPUP_MAX_YUAN) return 'range';
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'fen';
  return null;
}

export function TopupModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState<number | string>(100);
  const [picked, setMethod] = useState<PayMethodName>('sandbox');
  const offered = useQuery(paymentMethodsQuery());
  const method = offeredMethod(picked, offered.data);
  const [busy, setBusy] = useState(false);
  const problem = topupAmountError(amount);
  const error =
    problem === 'required'
      ? t`请输入充值金额`
      : problem === 'range'
        ? t`金额须大于0且不超过${TOPUP_MAX_YUAN}元`
        : problem === 'fen'
          ? t`金额最多两位小数`
          : null;
  const submit = async () => {
    if (!row || problem) return;
    setBusy(true);
    try {
      const answer = await request<TopupAnswer>(
        'user',
        'utilityAccount/topup',
        { accountId: row.id, amount: Number(amount), method },
        { showMessage: false },
      );
      if (answer.payUrl) {
        toast('info', t`正在打开支付页面`);
        window.location.assign(answer.payUrl);
      } else {
        toast('info', t`充值单 ${answer.orderNo} 已创建，请扫码支付`);
        onClose();
      }
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={onClose} title={<Trans>充值</Trans>} data-testid="utility-topup">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>表号</Trans>: {String(row?.meterNo ?? '')} · <Trans>当前余额</Trans>:{' '}
          {Number(row?.balance ?? 0).toFixed(2)} <Trans>元</Trans>
        </Text>
        <NumberInput
          label={t`充值金额(元)`}
          value={amount}
          onChange={setAmount}
          decimalScale={2}
          min={0.01}
          max={TOPUP_MAX_YUAN}
          error={error}
          data-testid="utility-topup-amount"
        />
        <Select
          label={t`支付方式`}
          value={method}
          onChange={(v) => v && setMethod(v as PayMethodName)}
          allowDeselect={false}
          data={[
            { value: 'sandbox', label: t`沙箱支付` },
            { value: 'wechat', label: t`微信支付` },
            { value: 'alipay', label: t`支付宝` },
            { value: 'paypal', label: 'PayPal' },
          ].filter((m) => !offered.data || offered.data.includes(m.value as PayMethodName))}
          data-testid="utility-topup-method"
        />
        <ModalFooter
          onCancel={onClose}
          onClick={() => void submit()}
          loading={busy}
          disabled={!!problem}
          data-testid="utility-topup-submit"
        >
          <Trans>去支付</Trans>
        </ModalFooter>
      </Stack>
    </Modal>
  );
}

export function ReadingModal({ row, onClose, onDone }: { row: Row | null; onClose: () => void; onDone: () => void }) {
  const { t } = useLingui();
  const [value, setValue] = useState<number | string>('');
  const [busy, setBusy] = useState(false);
  const last = row?.lastReading === null || row?.lastReading === undefined ? null : Number(row.lastReading);
  const error =
    value === ''
      ? null
      : Number(value) < 0
        ? t`读数不能为负`
        : last !== null && Number(value) < last
          ? t`读数不能小于上次读数 ${last}`
          : null;
  const submit = async () => {
    if (!row || value === '' || error) return;
    setBusy(true);
    try {
      await request(
        'user',
        'utilityAccount/reading',
        { accountId: row.id, reading: Number(value) },
        { showMessage: true },
      );
      setValue('');
      onDone();
      onClose();
    } catch {
      // The request helper showed why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!row} onClose={onClose} title={<Trans>手工抄表</Trans>} data-testid="utility-reading">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>表号</Trans>: {String(row?.meterNo ?? '')} · <Trans>上次读数</Trans>: {last ?? '-'}
        </Text>
        <NumberInput
          label={t`本次读数`}
          value={value}
          onChange={setValue}
          decimalScale={3}
          min={0}
          error={error}
          data-testid="utility-reading-value"
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={value === '' || !!error}
            data-testid="utility-reading-submit"
          >
            <Trans>提交</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function OpenAllModal({
  kind,
  opened,
  onClose,
  onDone,
}: {
  kind: Kind;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const [communityId, setCommunityId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const communities = useQuery({
    queryKey: ['community', 'options'],
    queryFn: () => request<{ rows: { id: number; name: string }[] }>('user', 'community/list', { page: 1, size: 100 }),
    enabled: opened,
  });
  const submit = async () => {
    if (!communityId) return;
    setBusy(true);
    try {
      const answer = await request<{ opened: number; existing: number }>('user', 'utilityAccount/openAll', {
        communityId: Number(communityId),
        kind,
      });
      toast('success', t`已开通 ${answer.opened} 个账户，${answer.existing} 个房间已有账户`);
      onDone();
      onClose();
    } catch (err) {
      toast('error', (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={<Trans>批量开户</Trans>} data-testid="utility-open-all-modal">
      <Stack gap="sm">
        <Text size="sm">
          <Trans>为所选社区中尚无账户的每个房间开通账户（自动生成表号，余额为0）。</Trans>
        </Text>
        <Select
          label={t`社区`}
          value={communityId}
          onChange={setCommunityId}
          data={(communities.data?.rows ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          data-testid="utility-open-all-community"
        />
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={!communityId}
            data-testid="utility-open-all-submit"
          >
            <Trans>开户</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
