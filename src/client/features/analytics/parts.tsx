import '@mantine/dates/styles.css';
import { useState, type ReactNode } from 'react';
import { ActionIcon, Card, Group, Menu, Select, Text, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { IconDownload } from '@tabler/icons-react';
import type { AnalyticsBody, AnalyticsPanel } from '../../../shared/analytics';
import { refOptionsQuery } from '../resources/resources.queries';
import { exportPanel, type AnalyticsFilter } from './analytics.queries';

/** The day range and department of /analyze and /figure. */
export function FilterBar({
  filter,
  onChange,
}: {
  filter: AnalyticsFilter;
  onChange: (next: AnalyticsFilter) => void;
}) {
  const { t } = useLingui();
  const departments = useQuery(refOptionsQuery({ kind: 'user', resource: 'department' }));
  const options = (departments.data ?? []).map((d) => ({ value: String(d.id), label: String(d.name ?? d.id) }));
  return (
    <Group gap="xs" data-testid="analytics-filter">
      <DatePickerInput
        type="range"
        aria-label={t`统计时间`}
        valueFormat="YYYY-MM-DD"
        w={240}
        value={[filter.from, filter.to]}
        onChange={([from, to]) => from && to && onChange({ ...filter, from, to })}
        data-testid="analytics-range"
      />
      <Select
        aria-label={t`部门`}
        placeholder={t`全部部门`}
        clearable
        searchable
        w={180}
        data={options}
        value={filter.departmentId ? String(filter.departmentId) : null}
        onChange={(v) => onChange({ ...filter, departmentId: v ? Number(v) : undefined })}
        data-testid="analytics-department"
      />
    </Group>
  );
}

/** A titled card; with `panel`, a download menu writes its figures as CSV or XLSX. */
export function Panel({
  title,
  id,
  panel,
  body,
  children,
  extra,
}: {
  title: string;
  id: string;
  panel?: AnalyticsPanel;
  body?: AnalyticsBody;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    if (!panel || !body) return;
    setBusy(true);
    try {
      await exportPanel(body, panel, format);
    } catch (e) {
      notifications.show({ color: 'red', message: e instanceof Error ? e.message : t`导出失败` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="sm" data-testid={`panel-${id}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Group gap={4} wrap="nowrap">
          {extra}
          {panel && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Tooltip label={t`导出`}>
                  <ActionIcon variant="subtle" aria-label={t`导出`} loading={busy} data-testid={`export-${id}`}>
                    <IconDownload size={16} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void download('csv')} data-testid={`export-${id}-csv`}>
                  CSV
                </Menu.Item>
                <Menu.Item onClick={() => void download('xlsx')} data-testid={`export-${id}-xlsx`}>
                  XLSX
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {children}
    </Card>
  );
}

/** A headline number. */
export function Figure({ label, value, id, color }: { label: string; value: ReactNode; id: string; color?: string }) {
  return (
    <Card withBorder padding="sm" data-testid={`figure-${id}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={24} c={color}>
        {value}
      </Text>
    </Card>
  );
}

/** Seconds as hours and minutes, minutes and seconds, or seconds, in the active language. */
export function useDuration(): (s: number | null) => string {
  const { t } = useLingui();
  return (s) => {
    if (s === null) return '-';
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = s % 60;
    if (h > 0) return t`${h}小时${m}分`;
    if (m > 0) return t`${m}分${sec}秒`;
    return t`${sec}秒`;
  };
}
