import { useMemo, useState } from 'react';
import { Button, Center, Group, Loader, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { SIM_CARRIER_TABLE } from '../../../entities/sim-card/resource';
import { CategoryChart, PieChart } from '../../components/Chart';
import { toast } from '../../lib/request';
import { Figure, Panel } from '../analytics/parts';
import { followJob } from '../jobs/follow';
import { useCodeLabel } from '../resources/display';
import { fenYuan, reportJob, reportQuery, type ReportRow } from './billing.api';

const MONTH = /^\d{4}-\d{2}$/;

function MoneyTable({ rows, label, id }: { rows: ReportRow[]; label: (r: ReportRow) => string; id: string }) {
  return (
    <Table striped data-testid={`report-table-${id}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>
            <Trans>账单数</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>支付</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>退款</Trans>
          </Table.Th>
          <Table.Th>
            <Trans>收入</Trans>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{label(r)}</Table.Td>
            <Table.Td>{r.bills}</Table.Td>
            <Table.Td>{fenYuan(r.paidFen)}</Table.Td>
            <Table.Td>{fenYuan(r.refundFen)}</Table.Td>
            <Table.Td>{fenYuan(r.revenueFen)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /Report: revenue (paid bills minus refunds) and usage (kept per month) by month, carrier, package and (for the
 * platform administrator) company, with charts; 导出报表 runs the export as a job whose file
 * lands in DownloadTask. Advertising revenue (fee x plays) is a line of its own.
 */
export function ReportScreen() {
  const { t } = useLingui();
  const codeLabel = useCodeLabel();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [span, setSpan] = useState<{ from?: string; to?: string }>({});
  const [exporting, setExporting] = useState(false);
  const report = useQuery(reportQuery(span));
  const r = report.data;
  const badFrom = from && !MONTH.test(from) ? t`格式为 YYYY-MM` : undefined;
  const badTo = to && !MONTH.test(to) ? t`格式为 YYYY-MM` : undefined;
  const carrier = (k: string) => (k ? codeLabel(SIM_CARRIER_TABLE, Number(k)) : t`未知`);

  const months = useMemo(
    () =>
      r && {
        name: r.byMonth.map((m) => m.key),
        title: [t`套餐收入`, t`退款`, t`广告收入`],
        data: [
          { name: t`套餐收入`, value: r.byMonth.map((m) => m.paidFen / 100), color: '59,130,246' },
          { name: t`退款`, value: r.byMonth.map((m) => m.refundFen / 100), color: '239,68,68' },
          { name: t`广告收入`, value: r.byMonth.map((m) => m.adFen / 100), color: '34,197,94' },
        ],
      },
    [r, t],
  );
  const carriers = useMemo(
    () => (r ? r.byCarrier.map((c) => ({ name: carrier(c.key), value: c.revenueFen / 100 })) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [r],
  );
  const packages = useMemo(
    () =>
      r && {
        name: r.byPackage.map((p) => p.key || '-'),
        data: [{ name: t`收入`, value: r.byPackage.map((p) => p.revenueFen / 100), color: '168,85,247' }],
      },
    [r, t],
  );
  const usage = useMemo(
    () =>
      r && {
        name: r.usageByCarrier.map((u) => carrier(u.key)),
        data: [{ name: t`本月流量（MB）`, value: r.usageByCarrier.map((u) => u.dataMb), color: '14,165,233' }],
      },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [r, t],
  );
  const usageMonths = useMemo(
    () =>
      r && {
        name: r.usageByMonth.map((u) => u.key),
        data: [
          { name: t`流量（MB）`, value: r.usageByMonth.map((u) => u.dataMb), color: '14,165,233' },
          { name: t`短信（条）`, value: r.usageByMonth.map((u) => u.sms), color: '245,158,11' },
          { name: t`语音（分钟）`, value: r.usageByMonth.map((u) => u.voiceMin), color: '34,197,94' },
        ],
      },
    [r, t],
  );

  const apply = () => {
    if (badFrom || badTo) return;
    setSpan({ from: from || undefined, to: to || undefined });
  };
  const exportReport = async () => {
    setExporting(true);
    try {
      const job = await reportJob(span);
      followJob(job, t`账单报表`, {
        texts: { running: (j) => t`正在生成报表… ${j.progress}%`, done: () => t`报表已生成，可在下载任务中下载` },
      });
    } catch {
      toast('error', t`导出失败`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="report-screen">
      <Group align="flex-end">
        <TextInput
          label={t`开始月份`}
          placeholder="2026-01"
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value.trim())}
          error={badFrom}
          w={140}
          data-testid="report-from"
        />
        <TextInput
          label={t`结束月份`}
          placeholder="2026-06"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value.trim())}
          error={badTo}
          w={140}
          data-testid="report-to"
        />
        <Button onClick={apply} data-testid="report-apply">
          <Trans>查询</Trans>
        </Button>
        <Button variant="light" loading={exporting} onClick={() => void exportReport()} data-testid="report-export">
          <Trans>导出报表</Trans>
        </Button>
        {r && (
          <Text size="sm" c="dimmed">
            {r.from} ~ {r.to}
          </Text>
        )}
      </Group>
      {!r ? (
        <Center h={200}>
          {report.isError ? (
            <Text c="red">
              <Trans>加载失败</Trans>
            </Text>
          ) : (
            <Loader />
          )}
        </Center>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 3, xl: 6 }}>
            <Figure id="revenue" label={t`套餐收入（净）`} value={fenYuan(r.totals.revenueFen)} />
            <Figure
              id="thisMonth"
              label={t`本月收入`}
              value={<span data-testid="report-month-revenue">{fenYuan(r.byMonth.at(-1)?.revenueFen ?? 0)}</span>}
            />
            <Figure id="refunds" label={t`退款`} value={fenYuan(r.totals.refundFen)} color="red" />
            <Figure id="bills" label={t`账单数（未支付）`} value={`${r.totals.bills} (${r.totals.unpaid})`} />
            <Figure id="ads" label={t`广告收入`} value={fenYuan(r.totals.adFen)} color="green" />
            <Figure id="data" label={t`本月流量（MB）`} value={`${r.totals.dataMb} / ${r.totals.cards}`} />
          </SimpleGrid>
          <Panel id="byMonth" title={t`按月收入`}>
            {months && <CategoryChart categories={months} kind="bar" height={300} data-testid="report-chart-month" />}
          </Panel>
          <Panel id="usageByMonth" title={t`按月用量`}>
            {usageMonths && (
              <CategoryChart categories={usageMonths} kind="bar" height={260} data-testid="report-chart-usage-month" />
            )}
            <Table striped data-testid="report-table-usage-month">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Trans>月份</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>卡数</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>流量（MB）</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>短信（条）</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>语音（分钟）</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.usageByMonth.map((u) => (
                  <Table.Tr key={u.key}>
                    <Table.Td>{u.key}</Table.Td>
                    <Table.Td>{u.cards}</Table.Td>
                    <Table.Td>{u.dataMb}</Table.Td>
                    <Table.Td>{u.sms}</Table.Td>
                    <Table.Td>{u.voiceMin}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Panel>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Panel id="byCarrier" title={t`按运营商`}>
              <PieChart items={carriers} height={240} data-testid="report-chart-carrier" />
              <MoneyTable id="carrier" rows={r.byCarrier} label={(x) => carrier(x.key)} />
            </Panel>
            <Panel id="byPackage" title={t`按套餐`}>
              {packages && (
                <CategoryChart
                  categories={packages}
                  kind="bar"
                  horizontal
                  height={240}
                  data-testid="report-chart-package"
                />
              )}
              <MoneyTable id="package" rows={r.byPackage} label={(x) => x.key || '-'} />
            </Panel>
            <Panel id="usage" title={t`用量（本月，按运营商）`}>
              {usage && <CategoryChart categories={usage} kind="bar" height={220} data-testid="report-chart-usage" />}
              <Table data-testid="report-table-usage">
                <Table.Tbody>
                  {r.usageByCarrier.map((u) => (
                    <Table.Tr key={u.key}>
                      <Table.Td>{carrier(u.key)}</Table.Td>
                      <Table.Td>
                        {u.cards} <Trans>张卡</Trans>
                      </Table.Td>
                      <Table.Td>{u.dataMb} MB</Table.Td>
                      <Table.Td>
                        {u.sms} <Trans>条短信</Trans>
                      </Table.Td>
                      <Table.Td>
                        {u.voiceMin} <Trans>分钟</Trans>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Panel>
            {r.byTenant && (
              <Panel id="byTenant" title={t`按企业`}>
                <MoneyTable id="tenant" rows={r.byTenant} label={(x) => x.label ?? x.key} />
              </Panel>
            )}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
