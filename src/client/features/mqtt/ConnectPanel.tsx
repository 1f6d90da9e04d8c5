import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconRefresh, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchRealtimeConfig } from '../../live/realtimeConfig';
import { getToken, useSession } from '../../lib/session';
import { useFormErrors } from '../../lib/useFormErrors';
import type { BrokerSession, BrokerSnapshot, ConnectSettings } from './brokerSession';
import { CONNACK_REASONS, FIELD_PROBLEMS, STATE_COLORS, STATE_LABELS, URL_PROBLEMS } from './problemText';
import { brokerUrlProblem, keepaliveProblem, newClientId } from './topicRules';

const DEFAULT_KEEPALIVE_S = 60;

interface Props {
  session: BrokerSession;
  snapshot: BrokerSnapshot;
  /** Connected with the logged-in user's session (the page suggests that user's topic). */
  onSessionUsed: (userId: number) => void;
}

/** Where and as whom to connect, the connection's state, and the broker's reason when it refuses. */
export function ConnectPanel({ session, snapshot, onSessionUsed }: Props) {
  const { t } = useLingui();
  const { token, user } = useSession();
  // The same answer the console's live bridge connects to; without a session it is this host's /mqtt.
  const config = useQuery({
    queryKey: ['mqttPage', 'realtime'],
    queryFn: () => fetchRealtimeConfig(getToken()),
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [clientId, setClientId] = useState(() => newClientId());
  // A generated id follows the username at connect (the broker binds ids to who connects); a typed one is kept.
  const [generatedId, setGeneratedId] = useState(true);
  const [keepalive, setKeepalive] = useState<number | string>(DEFAULT_KEEPALIVE_S);
  const [clean, setClean] = useState(true);
  const errors = useFormErrors<'url' | 'clientId' | 'keepalive'>();
  const shownUrl = url ?? config.data?.mqttUrl ?? '';
  const active = snapshot.state === 'connecting' || snapshot.state === 'connected' || snapshot.state === 'reconnecting';

  const connect = (over: Partial<ConnectSettings> = {}) => {
    const id = generatedId ? newClientId(over.username ?? username) : clientId.trim();
    if (generatedId) setClientId(id);
    const settings: ConnectSettings = {
      url: shownUrl,
      username,
      password,
      clientId: id,
      keepalive: Number(keepalive),
      clean,
      ...over,
    };
    const urlProblem = brokerUrlProblem(settings.url);
    const keepaliveIssue = keepaliveProblem(keepalive);
    const invalid = errors.show({
      url: urlProblem ? t(URL_PROBLEMS[urlProblem]) : undefined,
      clientId: settings.clientId ? undefined : t(FIELD_PROBLEMS.required),
      keepalive: keepaliveIssue ? t(FIELD_PROBLEMS[keepaliveIssue]) : undefined,
    });
    if (invalid) return;
    void session.connect(settings);
  };

  const connectWithLogin = () => {
    if (!token || !user) return;
    setUsername(String(user.id));
    setPassword(token);
    onSessionUsed(user.id);
    connect({ username: String(user.id), password: token });
  };

  const problem = snapshot.problem;
  return (
    <Card withBorder data-testid="mqtt-connect">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>
            <Trans>连接</Trans>
          </Title>
          <Badge
            color={STATE_COLORS[snapshot.state]}
            variant="light"
            data-testid="mqtt-state"
            data-state={snapshot.state}
          >
            {t(STATE_LABELS[snapshot.state])}
          </Badge>
        </Group>
        <TextInput
          label={t`代理地址`}
          value={shownUrl}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.text('url')}
          placeholder="wss://example.com/mqtt"
          dir="ltr"
          data-testid="mqtt-url"
        />
        <Group grow align="flex-start">
          <TextInput
            label={t`用户名`}
            description={t`设备填 IMEI，控制台填用户 ID`}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            autoComplete="off"
            data-testid="mqtt-username"
          />
          <PasswordInput
            label={t`密码`}
            description={t`设备填设备密钥，控制台填会话令牌`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="off"
            data-testid="mqtt-password"
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t`客户端 ID`}
            value={clientId}
            onChange={(e) => {
              setClientId(e.currentTarget.value);
              setGeneratedId(false);
            }}
            error={errors.text('clientId')}
            dir="ltr"
            data-testid="mqtt-client-id"
            rightSection={
              <Tooltip label={t`重新生成`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t`重新生成`}
                  onClick={() => {
                    setClientId(newClientId(username));
                    setGeneratedId(true);
                  }}
                >
                  <IconRefresh size={16} />
                </ActionIcon>
              </Tooltip>
            }
          />
          <NumberInput
            label={t`心跳间隔（秒）`}
            value={keepalive}
            onChange={setKeepalive}
            min={0}
            max={65_535}
            allowDecimal={false}
            error={errors.text('keepalive')}
            data-testid="mqtt-keepalive"
          />
        </Group>
        <Switch
          label={t`清除会话（Clean Session）`}
          checked={clean}
          onChange={(e) => setClean(e.currentTarget.checked)}
        />
        <Group gap="xs">
          {active ? (
            <Button
              color="gray"
              leftSection={<IconPlugConnectedX size={16} />}
              onClick={() => session.disconnect()}
              data-testid="mqtt-disconnect"
            >
              <Trans>断开</Trans>
            </Button>
          ) : (
            <Button
              leftSection={<IconPlugConnected size={16} />}
              onClick={() => connect()}
              data-testid="mqtt-connect-button"
            >
              <Trans>连接</Trans>
            </Button>
          )}
          <Tooltip label={t`登录后可一键使用当前会话`} disabled={Boolean(token && user)}>
            <Button
              variant="light"
              leftSection={<IconUserCheck size={16} />}
              disabled={!token || !user || active}
              onClick={connectWithLogin}
              data-testid="mqtt-use-session"
            >
              <Trans>使用登录会话连接</Trans>
            </Button>
          </Tooltip>
        </Group>
        {problem && (
          <Alert
            color={problem.kind === 'socket' ? 'orange' : 'red'}
            data-testid="mqtt-problem"
            data-kind={problem.kind}
          >
            <ProblemText problem={problem} />
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function ProblemText({ problem }: { problem: NonNullable<BrokerSnapshot['problem']> }) {
  const { t } = useLingui();
  switch (problem.kind) {
    case 'refused': {
      const reason = CONNACK_REASONS[problem.code] ? t(CONNACK_REASONS[problem.code]!) : String(problem.code);
      return (
        <Stack gap={4}>
          <Text size="sm">
            <Trans>代理拒绝了连接：{reason}</Trans>
          </Text>
          <Text size="xs" c="dimmed" dir="ltr" ta="start">
            {problem.message}
          </Text>
        </Stack>
      );
    }
    case 'publishRefused': {
      const topic = problem.topic;
      return (
        <Text size="sm">
          <Trans>
            代理在收到发往 {topic} 的消息后断开了连接：它拒绝了这条发布（无权发布到该主题或内容不被允许）。请重新连接。
          </Trans>
        </Text>
      );
    }
    case 'socket': {
      const message = problem.message;
      return (
        <Text size="sm">
          <Trans>连接出错：{message}</Trans>
        </Text>
      );
    }
    case 'load': {
      const message = problem.message;
      return (
        <Text size="sm">
          <Trans>无法启动 MQTT 客户端：{message}</Trans>
        </Text>
      );
    }
  }
}
