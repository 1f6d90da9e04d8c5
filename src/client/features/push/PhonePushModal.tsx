import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PHONE_PUSH_KINDS, type PhonePushKind } from '../../../shared/alarms/phone-push';
import { isReadOnly } from '../../lib/session';
import {
  PushEnableError,
  browserName,
  disablePush,
  enablePush,
  listDevices,
  readPreferences,
  removeDevice,
  savePreferences,
} from './phonePush';
import { PUSH_STATE_KEY, usePushState } from './usePushState';
import { formatDateCell } from '../../lib/dates';

const KIND_LABELS: Record<PhonePushKind, MessageDescriptor> = {
  sos: msg`SOS 紧急求救`,
  fall: msg`跌倒`,
  critical: msg`其他紧急告警`,
  escalation: msg`升级提醒（发给我的步骤）`,
  doorCall: msg`门口机呼叫`,
};

const pushKeys = {
  devices: ['push', 'devices'] as const,
  preferences: ['push', 'preferences'] as const,
};

export interface PhonePushModalProps {
  opened: boolean;
  onClose: () => void;
}

/** What this browser's state means, and what to do about it. */
function StateLine({ state }: { state: ReturnType<typeof usePushState>['state'] }) {
  switch (state) {
    case undefined:
      return <Loader size="sm" />;
    case 'unsupported':
      return (
        <Alert color="gray" data-testid="push-state" data-state={state}>
          <Trans>
            此浏览器无法接收推送通知。请在手机上使用 Chrome、Edge、Firefox 或 Safari；iPhone
            需先把控制台“添加到主屏幕”（iOS 16.4 及以上），再从主屏幕打开。
          </Trans>
        </Alert>
      );
    case 'noWorker':
      return (
        <Alert color="gray" data-testid="push-state" data-state={state}>
          <Trans>控制台的离线服务尚未就绪，请刷新页面后再试。</Trans>
        </Alert>
      );
    case 'denied':
      return (
        <Alert color="orange" data-testid="push-state" data-state={state}>
          <Trans>
            此网站的通知已被浏览器禁止。请在浏览器的网站设置中重新允许：点击地址栏左侧的锁形图标 → 通知 →
            允许（已安装的应用：系统设置 → 应用 → 通知），然后重新打开此窗口。
          </Trans>
        </Alert>
      );
    case 'off':
      return (
        <Alert color="gray" data-testid="push-state" data-state={state}>
          <Trans>已关闭：此浏览器不接收推送通知。</Trans>
        </Alert>
      );
    case 'on':
      return (
        <Alert color="teal" data-testid="push-state" data-state={state}>
          <Trans>已开启：即使控制台没有打开，此浏览器也会收到紧急告警的通知。</Trans>
        </Alert>
      );
  }
}

/**
 * The user's phone notifications (docs/alarms.md "Push to phones"): this browser on or off, the
 * kinds they want, and the browsers that receive them ("my devices").
 */
export function PhonePushModal({ opened, onClose }: PhonePushModalProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const readOnly = isReadOnly();
  const { state, refresh } = usePushState(opened);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const devices = useQuery({ queryKey: pushKeys.devices, queryFn: listDevices, enabled: opened });
  const preferences = useQuery({ queryKey: pushKeys.preferences, queryFn: readPreferences, enabled: opened });

  const afterChange = () => {
    void refresh();
    void queryClient.invalidateQueries({ queryKey: pushKeys.devices });
    void queryClient.invalidateQueries({ queryKey: PUSH_STATE_KEY });
  };

  const enable = useMutation({
    mutationFn: () => enablePush(),
    onMutate: () => setError(null),
    onSuccess: afterChange,
    onError: (e) => {
      const reason = e instanceof PushEnableError ? e.reason : 'subscribe';
      const detail = e.message;
      setError(
        reason === 'denied'
          ? t`未获得通知权限，推送未开启。`
          : reason === 'server'
            ? t`服务未能登记此浏览器（${detail}），请稍后重试。`
            : t`无法订阅推送：浏览器的推送服务无法连接或拒绝了请求（${detail}）。请检查网络（部分网络无法访问浏览器厂商的推送服务）后重试。`,
      );
      afterChange();
    },
  });
  const disable = useMutation({
    mutationFn: () => disablePush(),
    onMutate: () => setError(null),
    onSuccess: afterChange,
    onError: (e) => {
      const detail = e.message;
      setError(t`关闭失败：${detail}`);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => removeDevice(id),
    onSuccess: () => {
      setConfirming(null);
      afterChange();
    },
  });
  const save = useMutation({
    mutationFn: (kinds: PhonePushKind[]) => savePreferences(kinds),
    onSuccess: (data) =>
      queryClient.setQueryData(pushKeys.preferences, (old: typeof preferences.data) =>
        old ? { ...old, kinds: data.kinds } : old,
      ),
  });

  const kinds = preferences.data?.kinds ?? [];

  return (
    <Modal opened={opened} onClose={onClose} title={t`手机通知`} centered size="lg" data-testid="phone-push-modal">
      <Stack gap="md">
        <StateLine state={state} />
        {error && (
          <Alert color="red" data-testid="push-error" withCloseButton onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {readOnly && (
          <Text size="sm" c="dimmed">
            <Trans>访客账号不能开启推送。</Trans>
          </Text>
        )}
        <Group>
          {state === 'off' && (
            <Button
              onClick={() => enable.mutate()}
              loading={enable.isPending}
              disabled={readOnly}
              data-testid="push-enable"
            >
              <Trans>开启此浏览器的通知</Trans>
            </Button>
          )}
          {state === 'on' && (
            <Button
              variant="default"
              onClick={() => disable.mutate()}
              loading={disable.isPending}
              disabled={readOnly}
              data-testid="push-disable"
            >
              <Trans>关闭此浏览器的通知</Trans>
            </Button>
          )}
        </Group>

        <Stack gap="xs">
          <Title order={5}>
            <Trans>推送哪些通知</Trans>
          </Title>
          <Checkbox.Group
            value={kinds}
            onChange={(value) => save.mutate(PHONE_PUSH_KINDS.filter((k) => value.includes(k)))}
          >
            <Stack gap={6}>
              {PHONE_PUSH_KINDS.map((kind) => (
                <Checkbox
                  key={kind}
                  value={kind}
                  label={i18n._(KIND_LABELS[kind])}
                  disabled={readOnly || !preferences.data || save.isPending}
                  data-testid={`push-kind-${kind}`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            <Trans>无论如何选择，SOS 紧急求救总会推送给当班的值守人员。</Trans>
          </Text>
        </Stack>

        <Stack gap="xs">
          <Title order={5}>
            <Trans>我的设备</Trans>
          </Title>
          {devices.data?.length === 0 && (
            <Text size="sm" c="dimmed" data-testid="push-devices-empty">
              <Trans>还没有接收推送的浏览器。</Trans>
            </Text>
          )}
          {devices.data && devices.data.length > 0 && (
            <Table data-testid="push-devices" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>浏览器</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>添加时间</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>最近推送</Trans>
                  </Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {devices.data.map((d) => (
                  <Table.Tr key={d.id} data-testid="push-device">
                    <Table.Td>
                      <Text size="sm">{browserName(d.userAgent)}</Text>
                      <Text size="xs" c="dimmed">
                        {d.service}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateCell(d.createdAt)}</Table.Td>
                    <Table.Td>{d.lastDeliveryAt ? formatDateCell(d.lastDeliveryAt) : '-'}</Table.Td>
                    <Table.Td>
                      {confirming === d.id ? (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            color="red"
                            loading={remove.isPending}
                            onClick={() => remove.mutate(d.id)}
                            data-testid="push-device-remove-confirm"
                          >
                            <Trans>确认移除</Trans>
                          </Button>
                          <Button size="compact-xs" variant="default" onClick={() => setConfirming(null)}>
                            <Trans>取消</Trans>
                          </Button>
                        </Group>
                      ) : (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          disabled={readOnly}
                          onClick={() => setConfirming(d.id)}
                          data-testid="push-device-remove"
                        >
                          <Trans>移除</Trans>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
