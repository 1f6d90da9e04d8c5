import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BrokerSession, SubscriptionView } from './brokerSession';
import { QOS_OPTIONS, TOPIC_PROBLEMS } from './problemText';
import { filterProblem, hasWildcard, type QoS } from './topicRules';

interface Props {
  session: BrokerSession;
  subscriptions: SubscriptionView[];
  filter: string;
  onFilterChange: (filter: string) => void;
}

/** Topic filters to follow; each shows what the broker granted, or that it refused. */
export function SubscribePanel({ session, subscriptions, filter, onFilterChange }: Props) {
  const { t } = useLingui();
  const [qos, setQos] = useState<QoS>(0);
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const value = filter.trim();
    const problem = filterProblem(value);
    setError(problem ? t(TOPIC_PROBLEMS[problem]) : null);
    if (problem) return;
    session.addSubscription(value, qos);
  };

  return (
    <Card withBorder data-testid="mqtt-subscribe">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>订阅</Trans>
        </Title>
        <TextInput
          label={t`主题过滤器`}
          placeholder="acm/1/web"
          value={filter}
          onChange={(e) => onFilterChange(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && add()}
          error={error}
          description={hasWildcard(filter) ? t`注意：本平台的代理不向控制台和设备授予通配符订阅。` : undefined}
          dir="ltr"
          data-testid="mqtt-filter"
        />
        <Group justify="space-between">
          <SegmentedControl
            size="xs"
            value={String(qos)}
            onChange={(v) => setQos(Number(v) as QoS)}
            data={QOS_OPTIONS}
            data-testid="mqtt-sub-qos"
          />
          <Button onClick={add} data-testid="mqtt-subscribe-button">
            <Trans>订阅</Trans>
          </Button>
        </Group>
        {subscriptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>暂无订阅</Trans>
          </Text>
        ) : (
          <Stack gap={4}>
            {subscriptions.map((sub) => (
              <Group
                key={sub.filter}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid="mqtt-sub"
                data-filter={sub.filter}
                data-state={sub.state}
              >
                <Text size="sm" ff="monospace" dir="ltr" truncate title={sub.filter}>
                  {sub.filter}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <SubscriptionBadge sub={sub} />
                  <Tooltip label={t`取消订阅`}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t`取消订阅`}
                      onClick={() => session.removeSubscription(sub.filter)}
                      data-testid="mqtt-unsubscribe"
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function SubscriptionBadge({ sub }: { sub: SubscriptionView }) {
  const { t } = useLingui();
  const asked = sub.qos;
  const granted = sub.granted;
  switch (sub.state) {
    case 'waiting':
      return (
        <Badge variant="light" color="gray">
          {t`QoS ${asked}，连接后订阅`}
        </Badge>
      );
    case 'pending':
      return (
        <Badge variant="light" color="blue">
          {t`订阅中`}
        </Badge>
      );
    case 'granted':
      return (
        <Badge variant="light" color="teal">
          {t`已授予 QoS ${granted}`}
        </Badge>
      );
    case 'refused':
      return (
        <Badge variant="light" color="red" data-testid="mqtt-sub-refused">
          {t`代理拒绝（返回码 ${granted}）`}
        </Badge>
      );
    case 'failed': {
      const message = sub.message ?? '';
      return (
        <Tooltip label={message}>
          <Badge variant="light" color="red">
            {t`订阅失败`}
          </Badge>
        </Tooltip>
      );
    }
  }
}
