import { memo, useMemo, useState, type Dispatch } from 'react';
import { Badge, Button, Card, Code, Group, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconPlayerPause, IconPlayerPlay, IconSearch, IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { saveFile } from '../../lib/download';
import { LOG_CAP, clockTime, filterLog, logToCsv, type LogAction, type LogEntry, type LogState } from './messageLog';
import { payloadText } from './payloadView';

/** A screenful of one payload; the whole of it is in the CSV export. */
const SHOWN_CHARS = 4000;

interface Props {
  log: LogState;
  dispatch: Dispatch<LogAction>;
}

/** Received messages, newest first: filter, pause, clear, export. */
export function MessageLog({ log, dispatch }: Props) {
  const { t } = useLingui();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterLog(log.entries, query), [log.entries, query]);
  const total = log.entries.length;
  const count = shown.length;
  const held = log.held.length;

  const exportCsv = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    // The byte order mark makes spreadsheet apps read the file as UTF-8.
    saveFile(new Blob(['\uFEFF', logToCsv(shown)], { type: 'text/csv;charset=utf-8' }), `mqtt-log-${stamp}.csv`);
  };

  return (
    <Card withBorder data-testid="mqtt-log">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>
            <Trans>消息日志</Trans>
          </Title>
          <Group gap="xs">
            {log.paused ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => dispatch({ type: 'resume' })}
                data-testid="mqtt-log-resume"
              >
                <Trans>继续</Trans>
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPause size={14} />}
                onClick={() => dispatch({ type: 'pause' })}
                data-testid="mqtt-log-pause"
              >
                <Trans>暂停</Trans>
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              color="gray"
              leftSection={<IconTrash size={14} />}
              onClick={() => dispatch({ type: 'clear' })}
              data-testid="mqtt-log-clear"
            >
              <Trans>清空</Trans>
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              onClick={exportCsv}
              disabled={count === 0}
              data-testid="mqtt-log-export"
            >
              <Trans>导出 CSV</Trans>
            </Button>
          </Group>
        </Group>
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={t`按主题或内容筛选`}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="mqtt-log-filter"
        />
        <Text size="xs" c="dimmed" data-testid="mqtt-log-count">
          <Trans>
            显示 {count} / {total} 条，最多保留最近 {LOG_CAP} 条
          </Trans>
          {log.paused && (
            <>
              {' · '}
              <Trans>已暂停，期间收到 {held} 条</Trans>
            </>
          )}
        </Text>
        <ScrollArea.Autosize mah="70dvh" type="auto">
          <Stack gap="xs">
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="xl">
                <Trans>暂无消息</Trans>
              </Text>
            ) : (
              shown.map((entry) => <LogRow key={entry.id} entry={entry} />)
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Card>
  );
}

const LogRow = memo(function LogRow({ entry }: { entry: LogEntry }) {
  const { t } = useLingui();
  const view = entry.view;
  const full = view.kind === 'json' ? view.pretty : payloadText(view);
  const body = full.length > SHOWN_CHARS ? `${full.slice(0, SHOWN_CHARS)}…` : full;
  const kind = { json: 'JSON', text: t`文本`, binary: t`二进制（十六进制）`, empty: t`空载荷` }[view.kind];
  const bytes = entry.bytes;
  return (
    <Paper withBorder p="xs" data-testid="mqtt-log-entry" data-topic={entry.topic} data-kind={view.kind}>
      <Group gap="xs" mb={4} wrap="wrap">
        <Text size="xs" c="dimmed" ff="monospace">
          {clockTime(entry.at)}
        </Text>
        <Text size="sm" fw={600} ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {entry.topic}
        </Text>
        <Badge size="xs" variant="light">
          QoS {entry.qos}
        </Badge>
        {entry.retain && (
          <Badge size="xs" variant="light" color="grape" data-testid="mqtt-log-retained">
            <Trans>保留</Trans>
          </Badge>
        )}
        <Badge size="xs" variant="outline" color="gray">
          {kind}
        </Badge>
        <Text size="xs" c="dimmed">
          <Trans>{bytes} 字节</Trans>
        </Text>
      </Group>
      {view.kind !== 'empty' && (
        <Code
          block
          dir="ltr"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}
          data-testid="mqtt-log-payload"
        >
          {body}
        </Code>
      )}
    </Paper>
  );
});
