import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { ReportRow } from '../../shared/bill-report';
import { SIM_CARRIER_TABLE } from '../../entities/sim-card/resource';
import { billReport } from '../billing/report';
import { XLSX_TYPE } from '../engine/files';
import type { JobHandler } from './runner';

/** The job kind of the report export (registered in src/server/plugins/jobs.ts). */
export const BILL_REPORT_JOB = 'billReport';

const yuan = (fen: number) => Math.round(fen) / 100;
const carrierName = (code: string) => SIM_CARRIER_TABLE.find((c) => String(c.value) === code)?.cn ?? (code || '-');

/**
 * /Report's export: the report of the span (entities/bill/report.ts) as an XLSX workbook, one
 * sheet per grouping (month, carrier, package, tenant for the platform, usage this month, usage by month), stored like any
 * job file: the download appears in DownloadTask.
 */
export const billReportJob: JobHandler = async (job, run) => {
  const params = job.params as { from?: string; to?: string };
  run.progress(0, 5);
  const report = await billReport(run.app, run.scope, { from: params.from, to: params.to });
  run.progress(1, 5);
  const out = await run.files.create('xlsx');
  const closed = once(out.stream, 'close');
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useSharedStrings: false });
    const money = ['账单数', '支付（元）', '退款（元）', '收入（元）'];
    const sheet = (name: string, head: string[], rows: (string | number)[][]) => {
      const ws = wb.addWorksheet(name);
      ws.columns = head.map((_h, i) => ({ width: i === 0 ? 24 : 14 }));
      ws.addRow(head).commit();
      for (const r of rows) ws.addRow(r).commit();
      ws.commit();
    };
    const line = (label: string, r: ReportRow) => [
      label,
      r.bills,
      yuan(r.paidFen),
      yuan(r.refundFen),
      yuan(r.revenueFen),
    ];
    sheet(
      '按月',
      ['月份', ...money, '广告收入（元）'],
      report.byMonth.map((r) => [...line(r.key, r), yuan(r.adFen)]),
    );
    run.signal.throwIfAborted();
    run.progress(2, 5);
    sheet(
      '按运营商',
      ['运营商', ...money],
      report.byCarrier.map((r) => line(carrierName(r.key), r)),
    );
    sheet(
      '按套餐',
      ['套餐', ...money],
      report.byPackage.map((r) => line(r.key || '-', r)),
    );
    run.progress(3, 5);
    if (report.byTenant)
      sheet(
        '按企业',
        ['企业', ...money],
        report.byTenant.map((r) => line(r.label ?? r.key, r)),
      );
    sheet(
      '用量',
      ['运营商', '卡数', '本月流量（MB）', '本月短信（条）', '本月语音（分钟）'],
      report.usageByCarrier.map((u) => [carrierName(u.key), u.cards, u.dataMb, u.sms, u.voiceMin]),
    );
    sheet(
      '按月用量',
      ['月份', '卡数', '流量（MB）', '短信（条）', '语音（分钟）'],
      report.usageByMonth.map((u) => [u.key, u.cards, u.dataMb, u.sms, u.voiceMin]),
    );
    run.progress(4, 5);
    await wb.commit();
    await closed;
    const bytes = await run.files.store(out, XLSX_TYPE);
    run.progress(5, 5);
    return {
      rows: report.byMonth.length,
      file: { key: out.key, name: `report-${report.from}-${report.to}.xlsx`, contentType: XLSX_TYPE, bytes },
      result: { revenueFen: report.totals.revenueFen, bills: report.totals.bills },
    };
  } catch (err) {
    await run.files.discard(out);
    throw err;
  }
};
