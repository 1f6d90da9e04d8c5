import { useState } from 'react';
import { Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { topics } from '../../../shared/topics';
import { LanguagePicker } from '../../i18n/LanguagePicker';
import { useSession } from '../../lib/session';
import { ConnectPanel } from './ConnectPanel';
import { MessageLog } from './MessageLog';
import { PublishPanel } from './PublishPanel';
import { SubscribePanel } from './SubscribePanel';
import { useBrokerSession } from './useBrokerSession';

/**
 * /mqtt, the installer's broker check (pre-login, docs/requirements/screens-and-routes.md#pre-login-routes): connect
 * with device or console credentials, subscribe, publish, and read what arrives. What the broker
 * allows is docs/device-protocol.md "Principals, authentication and ACL".
 */
export function MqttScreen() {
  const { session, snapshot, log, dispatch } = useBrokerSession();
  const { token } = useSession();
  const [filter, setFilter] = useState('');

  return (
    <Stack p="md" gap="md" mih="100dvh" data-testid="mqtt-page">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0}>
          <Title order={2}>
            <Trans>MQTT 代理测试</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>现场检查代理：连接、订阅、发布并查看收到的消息。</Trans>
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={token ? '/' : '/login'} size="sm">
            {token ? <Trans>返回控制台</Trans> : <Trans>前往登录</Trans>}
          </Anchor>
          <LanguagePicker />
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <ConnectPanel
              session={session}
              snapshot={snapshot}
              onSessionUsed={(id) => setFilter((f) => f || topics.userWeb(id))}
            />
            <SubscribePanel
              session={session}
              subscriptions={snapshot.subscriptions}
              filter={filter}
              onFilterChange={setFilter}
            />
            <PublishPanel
              session={session}
              connected={snapshot.state === 'connected'}
              lastPublish={snapshot.lastPublish}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <MessageLog log={log} dispatch={dispatch} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
