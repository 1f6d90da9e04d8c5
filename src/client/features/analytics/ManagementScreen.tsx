import { useMemo, type ReactNode } from 'react';
import { Anchor, Center, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_STATE, DEVICE_STATE_TABLE, STOCK_STATE_TABLE } from '../../../shared/codes';
import { JOB_STATE_TABLE } from '../../../shared/jobs';
import { findRoute, routePath } from '../../../shared/routes';
import { CategoryChart, StatePieChart } from '../../components/Chart';
import { useLinkClick } from '../../lib/useLinkClick';
import { useCodeLabel } from '../resources/display';
import { managementQuery } from './analytics.queries';
import { Figure, Panel } from './parts';
import { ServiceHealth } from './ServiceHealth';

/** Bytes as B / KB / MB / GB. */
export function sizeText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

/** A link into a named screen. */
function ScreenLink({ route, children }: { route: string; children: ReactNode }) {
  const linkClick = useLinkClick();
  const found = findRoute(route);
  if (!found) return <>{children}</>;
  const path = routePath(found);
  return (
    <Anchor href={path} onClick={linkClick(path)} size="sm" data-testid={`link-${route}`}>
      {children}
    </Anchor>
  );
}

/** /management1 (管理面板): the administrator's overview of the tenant, with links into the screens. */
export function ManagementScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const stats = useQuery(managementQuery());
  const s = stats.data;
  const charts = useMemo(() => {
    if (!s) return undefined;
    const of = (state: number) => s.devices.byState.find((x) => x.state === state)?.count ?? 0;
    return {
      states: {
        online: of(DEVICE_STATE.online),
        offline: of(DEVICE_STATE.offline) + of(DEVICE_STATE.inactive),
        alarm: of(DEVICE_STATE.abnormal),
      },
      stock: {
        name: s.devices.byStock.map((x) => codeLabel(STOCK_STATE_TABLE, x.state)),
        data: [{ name: t`设备数`, value: s.devices.byStock.map((x) => x.count) }],
      },
      audit: {
        name: s.audit.byDay.map((x) => x.day.slice(5)),
        data: [{ name: t`操作次数`, value: s.audit.byDay.map((x) => x.count), color: '59,130,246' }],
      },
    };
  }, [s, codeLabel, t]);

  if (!s || !charts)
    return (
      <Center h={200}>
        {stats.isError ? (
          <Text c="red">
            <Trans>加载失败</Trans>
          </Text>
        ) : (
          <Loader />
        )}
      </Center>
    );
  return (
    <Stack gap="sm" data-testid="management-screen">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure
          id="users"
          label={t`用户`}
          value={<ScreenLink route="userList">{`${s.users.enabled} / ${s.users.total}`}</ScreenLink>}
        />
        <Figure id="roles" label={t`角色`} value={<ScreenLink route="roleList">{s.roles}</ScreenLink>} />
        <Figure
          id="departments"
          label={t`部门`}
          value={<ScreenLink route="departmentManagement">{s.departments}</ScreenLink>}
        />
        <Figure id="devices" label={t`设备`} value={<ScreenLink route="DeviceList">{s.devices.total}</ScreenLink>} />
        <Figure
          id="storage"
          label={t`存储用量`}
          value={<ScreenLink route="tenantInfo">{sizeText(s.storage.bytes)}</ScreenLink>}
        />
        <Figure
          id="audit"
          label={t`近7天操作`}
          value={<ScreenLink route="table">{s.audit.byDay.reduce((n, x) => n + x.count, 0)}</ScreenLink>}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
        <Panel id="device-states" title={t`设备状态`}>
          <StatePieChart counts={charts.states} height={240} />
          <Group gap="md" mt="xs">
            {s.devices.byState.map((x) => (
              <Text key={x.state} size="xs" c="dimmed" data-testid="device-state">
                {codeLabel(DEVICE_STATE_TABLE, x.state)}: {x.count}
              </Text>
            ))}
          </Group>
        </Panel>
        <Panel id="stock" title={t`库存状态`} extra={<ScreenLink route="DeviceList">{t`设备列表`}</ScreenLink>}>
          <CategoryChart categories={charts.stock} kind="bar" height={240} />
        </Panel>
        <Panel id="audit" title={t`操作日志`} extra={<ScreenLink route="table">{t`查看`}</ScreenLink>}>
          <CategoryChart categories={charts.audit} kind="line" height={240} />
        </Panel>
        <Panel id="jobs" title={t`后台任务`} extra={<ScreenLink route="DownloadTask">{t`下载任务`}</ScreenLink>}>
          <Table data-testid="jobs-table">
            <Table.Tbody>
              {s.jobs.length === 0 && (
                <Table.Tr>
                  <Table.Td c="dimmed">{t`暂无数据`}</Table.Td>
                </Table.Tr>
              )}
              {s.jobs.map((j) => (
                <Table.Tr key={j.state}>
                  <Table.Td>{codeLabel(JOB_STATE_TABLE, j.state)}</Table.Td>
                  <Table.Td>{j.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Panel>
        <Panel id="service-health" title={t`服务状态`}>
          <ServiceHealth />
        </Panel>
        <Panel id="actions" title={t`操作类型`}>
          <Table data-testid="audit-actions">
            <Table.Tbody>
              {s.audit.byAction.map((x) => (
                <Table.Tr key={x.action}>
                  <Table.Td>
                    {x.action === 'add'
                      ? t`新增`
                      : x.action === 'update'
                        ? t`修改`
                        : x.action === 'delete'
                          ? t`删除`
                          : x.action}
                  </Table.Td>
                  <Table.Td>{x.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            <Trans>文件 {s.storage.files} 个</Trans>
          </Text>
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
