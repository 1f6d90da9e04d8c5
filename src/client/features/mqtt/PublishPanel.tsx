import { useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconBraces, IconSend } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormErrors } from '../../lib/useFormErrors';
import type { BrokerSession, PublishView } from './brokerSession';
import { prettyJson } from './payloadView';
import { QOS_OPTIONS, TOPIC_PROBLEMS } from './problemText';
import { oversizedPayload, publishTopicProblem, utf8Bytes, type QoS } from './topicRules';

interface Props {
  session: BrokerSession;
  connected: boolean;
  lastPublish: PublishView | null;
}

/** One message to a topic, checked first (topic, size); the broker's answer shows below. */
export function PublishPanel({ session, connected, lastPublish }: Props) {
  const { t } = useLingui();
  const [topic, setTopic] = useState('');
  const [payload, setPayload] = useState('');
  const [qos, setQos] = useState<QoS>(0);
  const [retain, setRetain] = useState(false);
  const errors = useFormErrors<'topic' | 'payload'>();
  const bytes = utf8Bytes(payload);

  const publish = () => {
    const value = topic.trim();
    const topicIssue = publishTopicProblem(value);
    const size = oversizedPayload(value, payload, qos);
    const invalid = errors.show({
      topic: topicIssue ? t(TOPIC_PROBLEMS[topicIssue]) : undefined,
      payload: size !== null ? t`消息过大：${size} 字节，代理最多接受 256 KB 的数据包` : undefined,
    });
    if (invalid) return;
    session.publish(value, payload, { qos, retain });
  };

  const formatJson = () => {
    const pretty = prettyJson(payload);
    if (pretty === null) errors.setField('payload', t`载荷不是有效的 JSON 对象或数组`);
    else {
      setPayload(pretty);
      errors.clear('payload');
    }
  };

  return (
    <Card withBorder data-testid="mqtt-publish">
      <Stack gap="sm">
        <Title order={4}>
          <Trans>发布</Trans>
        </Title>
        <TextInput
          label={t`消息主题`}
          value={topic}
          onChange={(e) => setTopic(e.currentTarget.value)}
          error={errors.text('topic')}
          dir="ltr"
          data-testid="mqtt-pub-topic"
        />
        <Textarea
          label={t`载荷`}
          description={t`${bytes} 字节`}
          value={payload}
          onChange={(e) => setPayload(e.currentTarget.value)}
          error={errors.text('payload')}
          autosize
          minRows={3}
          maxRows={12}
          dir="ltr"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="mqtt-pub-payload"
        />
        <Group justify="space-between" gap="xs">
          <Group gap="sm">
            <SegmentedControl
              size="xs"
              value={String(qos)}
              onChange={(v) => setQos(Number(v) as QoS)}
              data={QOS_OPTIONS}
              data-testid="mqtt-pub-qos"
            />
            <Checkbox
              label={t`保留消息`}
              checked={retain}
              onChange={(e) => setRetain(e.currentTarget.checked)}
              data-testid="mqtt-pub-retain"
            />
          </Group>
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconBraces size={16} />}
              onClick={formatJson}
              data-testid="mqtt-pub-format"
            >
              <Trans>格式化 JSON</Trans>
            </Button>
            <Button
              leftSection={<IconSend size={16} />}
              onClick={publish}
              disabled={!connected}
              data-testid="mqtt-publish-button"
            >
              <Trans>发布</Trans>
            </Button>
          </Group>
        </Group>
        {!connected && (
          <Text size="xs" c="dimmed">
            <Trans>连接后才能发布。</Trans>
          </Text>
        )}
        {lastPublish && <PublishResult view={lastPublish} />}
      </Stack>
    </Card>
  );
}

function PublishResult({ view }: { view: PublishView }) {
  const { t } = useLingui();
  const topic = view.topic;
  const message = view.message ?? '';
  const text = {
    sending: t`正在发布到 ${topic}…`,
    sent: t`已发送到 ${topic}（QoS 0 无确认）`,
    acked: t`代理已确认发往 ${topic} 的消息`,
    failed: t`发往 ${topic} 的消息发送失败：${message}`,
    refused: t`代理拒绝了发往 ${topic} 的消息`,
  }[view.state];
  const color =
    view.state === 'failed' || view.state === 'refused' ? 'red' : view.state === 'sending' ? 'dimmed' : 'teal';
  return (
    <Text size="sm" c={color} data-testid="mqtt-pub-result" data-state={view.state}>
      {text}
    </Text>
  );
}
