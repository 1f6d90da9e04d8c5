import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMPONENTS, type Component, type HealthReport, type HealthState } from '../../../shared/health';
import { getAnswer } from '../../lib/request';

const COLOR: Record<HealthState, string> = { ok: 'green', degraded: 'yellow', down: 'red' };
/** Health is read often enough that a fault shows while someone looks at the page. */
const HEALTH_EVERY_MS = 15_000;

/**
 * GET /api/health as it is: its 503 (the service cannot store) carries the same report, so the
 * answer is read whatever the status, and a service that does not answer is a state of its own.
 */
async function readHealth(): Promise<HealthReport | null> {
  return (await getAnswer<HealthReport>('/api/health'))?.data ?? null;
}

/** The service's own state on the management page (docs/reliability.md "Health"): each component and why. */
export function ServiceHealth() {
  const { t } = useLingui();
  const health = useQuery({
    queryKey: ['system', 'health'],
    queryFn: readHealth,
    refetchInterval: HEALTH_EVERY_MS,
  });
  const names: Record<Component, string> = {
    database: t`数据库`,
    broker: t`消息代理`,
    disk: t`数据磁盘`,
    ingest: t`接入队列`,
    listeners: t`设备协议端口`,
  };
  const stateLabel: Record<HealthState, string> = { ok: t`正常`, degraded: t`降级`, down: t`故障` };
  const h = health.data;
  if (health.isError || (health.isSuccess && !h))
    return (
      <Text c="red" size="sm" data-testid="service-health-unreachable">
        <Trans>服务无应答</Trans>
      </Text>
    );
  if (!h) return null;
  return (
    <>
      {!h.ready && (
        <Text c="red" size="sm" fw={600} data-testid="service-health-not-ready">
          <Trans>服务当前无法存储设备数据</Trans>
        </Text>
      )}
      <Table data-testid="service-health">
        <Table.Tbody>
          {COMPONENTS.map((c) => (
            <Table.Tr key={c} data-testid="service-health-row" data-component={c} data-state={h.components[c].state}>
              <Table.Td>{names[c]}</Table.Td>
              <Table.Td>
                <Badge color={COLOR[h.components[c].state]} variant="light">
                  {stateLabel[h.components[c].state]}
                </Badge>
              </Table.Td>
              <Table.Td c="dimmed" fz="xs">
                {h.components[c].detail ?? ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
