import { ActionIcon, Badge, Card, Code, Group, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DataTable, type Column } from '../../components/DataTable';
import type { FrameLogRow } from '../../../shared/devices/api';
import { useSession } from '../../lib/session';
import { seesDeadLetters } from './DeadLetters';
import { deviceFramesQuery } from './devices.queries';
import { formatDateCell } from '../../lib/dates';

const wrap = { whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxWidth: 420 } as const;

type FrameLine = FrameLogRow & { key: string };

/** The irregularities the gateway accepts (docs/protocols.md "Leniencies"), in the order shown. */
const IRREGULARITIES = ['checksumMismatch', 'lengthMismatch', 'encryptionBit', 'badEscape'] as const;

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
  const frames: FrameLine[] = (log.data?.frames ?? []).map((f, i) => ({ ...f, key: `${f.at}-${i}` }));
  const labels: Record<(typeof IRREGULARITIES)[number], string> = {
    checksumMismatch: t`校验和错误`,
    lengthMismatch: t`长度错误`,
    encryptionBit: t`明文带加密标志`,
    badEscape: t`非法转义`,
  };
  const irregular = IRREGULARITIES.flatMap((k) => {
    const n = log.data?.irregular?.[k] ?? 0;
    return n > 0 ? [`${labels[k]} × ${n}`] : [];
  });
  const columns: Column<FrameLine>[] = [
    {
      id: 'at',
      name: 'at',
      title: t`时间`,
      width: 190,
      render: (f) => formatDateCell(f.at, 'YYYY-MM-DD HH:mm:ss.SSS'),
    },
    { id: 'dir', name: 'dir', title: t`方向`, width: 70, render: (f) => (f.dir === 'in' ? t`上行` : t`下行`) },
    {
      id: 'hex',
      name: 'hex',
      title: t`十六进制`,
      width: 240,
      wrap: true,
      render: (f) => (
        <Code block style={wrap}>
          {f.hex}
        </Code>
      ),
    },
    {
      id: 'text',
      name: 'text',
      title: t`文本`,
      width: 180,
      wrap: true,
      render: (f) =>
        f.text !== undefined && (
          <Code block style={wrap}>
            {f.text}
          </Code>
        ),
    },
    {
      id: 'decoded',
      name: 'summary',
      title: t`解码`,
      width: 180,
      wrap: true,
      render: (f) =>
        f.error ? (
          <Text c="red" size="sm">
            {f.error}
          </Text>
        ) : (
          <Text component="div" size="sm" c={f.refused ? 'red' : undefined}>
            {f.refused && (
              <Badge color="red" variant="light" mr={4} data-testid="frame-refused">
                {t`已拒绝`}
              </Badge>
            )}
            {f.summary}
          </Text>
        ),
    },
  ];
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
      {irregular.length > 0 && (
        <Text size="sm" c="orange" mb="xs" data-testid="frame-log-irregular">
          <Trans>本服务启动以来该设备的不规范报文（严格帧校验的产品拒收，其余容忍并计数）：</Trans>{' '}
          {irregular.join('，')}
        </Text>
      )}
      <DataTable<FrameLine>
        columns={columns}
        rows={frames}
        rowKey={(f) => f.key}
        loading={log.isPending}
        compact
        testId="frame-table"
        empty={
          <span data-testid="frame-log-empty">
            <Trans>没有报文：本服务启动以来，该设备未通过设备协议连接到本服务器</Trans>
          </span>
        }
        rowOptions={(f) => ({ attrs: { 'data-testid': 'frame-row', 'data-dir': f.dir } })}
      />
    </Card>
  );
}
