import { ActionIcon, Badge, Card, Code, Group, Table, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateCell } from '../../components/DataTable';
import { useSession } from '../../lib/session';
import { seesDeadLetters } from './DeadLetters';
import { deviceFramesQuery } from './devices.queries';

const wrap = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 420 } as const;

/**
 * The raw frames the protocol gateway kept of this device (docs/protocols.md "Raw frame log"),
 * newest first: direction, bytes in hex and as text, and the codec's reading or its error, so a
 * device that misbehaves can be diagnosed. Administrators only, like the dead letters.
 */
export function FrameLog({ imei }: { imei: string }) {
  const { t } = useLingui();
  const { user } = useSession();
  const allowed = seesDeadLetters(user?.kind);
  const log = useQuery({ ...deviceFramesQuery(imei), enabled: allowed });
  if (!allowed) return null;
  const frames = log.data?.frames ?? [];
  return (
    <Card withBorder data-testid="frame-log">
      <Group justify="space-between" mb="xs">
        <Text component="div" fw={600}>
          <Trans>原始报文</Trans> {log.data?.protocol && <Badge variant="light">{log.data.protocol}</Badge>}
        </Text>
        <Tooltip label={t`刷新`}>
          <ActionIcon
            variant="subtle"
            aria-label={t`刷新`}
            loading={log.isFetching}
            onClick={() => void log.refetch()}
            data-testid="frame-log-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {frames.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="frame-log-empty">
          <Trans>没有报文：本服务启动以来，该设备未通过设备协议连接到本服务器</Trans>
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`时间`}</Table.Th>
                <Table.Th>{t`方向`}</Table.Th>
                <Table.Th>{t`十六进制`}</Table.Th>
                <Table.Th>{t`文本`}</Table.Th>
                <Table.Th>{t`解码`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {frames.map((f, i) => (
                <Table.Tr key={`${f.at}-${i}`} data-testid="frame-row" data-dir={f.dir}>
                  <Table.Td>{formatDateCell(f.at, 'YYYY-MM-DD HH:mm:ss.SSS')}</Table.Td>
                  <Table.Td>{f.dir === 'in' ? t`上行` : t`下行`}</Table.Td>
                  <Table.Td>
                    <Code block style={wrap}>
                      {f.hex}
                    </Code>
                  </Table.Td>
                  <Table.Td>
                    {f.text !== undefined && (
                      <Code block style={wrap}>
                        {f.text}
                      </Code>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {f.error ? (
                      <Text c="red" size="sm">
                        {f.error}
                      </Text>
                    ) : (
                      <Text size="sm">{f.summary}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
