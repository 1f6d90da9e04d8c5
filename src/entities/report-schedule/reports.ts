import { and, asc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { ALARM_HANDLE, alarmTypeInfo } from '../../shared/alarms/types';
import { monthOf } from '../../shared/months';
import { wallClockText } from '../../shared/wall-clock';
import { alarmRecords, devices } from '../../server/db/schema';
import { rowsOf } from '../../server/db/rows';
import type { Scope } from '../../server/db/scope';
import { XLSX_TYPE } from '../../server/engine/files';
import type { JobFiles } from '../../server/jobs/files';
import { ATTENDANCE_REPORT_JOB, attendanceReportJob } from '../../server/jobs/attendance-report';
import type { JobRow } from '../../server/jobs/rows';
import { SIM_CARRIER_TABLE, simCards } from '../sim-card';
import { REPORT_KIND_TABLE, type ReportKind } from './resource';

/** A sheet of the workbook: its name, header and rows. */
interface Sheet {
  name: string;
  head: string[];
  rows: (string | number | null)[][];
}

/** What a kind's builder answers: the figures the e-mail's summary lists, and the workbook's sheets. */
interface Built {
  figures: [string, string | number][];
  sheets: Sheet[];
  /** A file another module already wrote (the attendance report): its key, instead of `sheets`. */
  fileKey?: string;
}

interface ReportInput {
  app: FastifyInstance;
  files: JobFiles;
  tenantId: number;
  kind: ReportKind;
  from: Date;
  to: Date;
}

/** The written report: its file in app.storage and the figures of the e-mail. */
export interface WrittenReport {
  fileKey: string;
  fileName: string;
  bytes: number;
  figures: [string, string | number][];
  /** The first rows of the first sheet, shown in the e-mail under the figures. */
  preview?: Sheet;
}

/** Devices report a battery below this percentage as low (the same line as the lowVoltage alarm's default). */
const LOW_BATTERY_PCT = 20;
/** Rows a sheet holds at most (the e-mail says when a list was cut). */
const MAX_ROWS = 50_000;
const PREVIEW_ROWS = 20;

const seconds = (v: unknown) => (v == null ? '-' : Math.round(Number(v)));

/**
 * Alarm summary of the period: counts by type (total, acknowledged, handled, open), time to
 * acknowledge (median and 90th percentile, seconds from the alarm to its acknowledgement) and the
 * alarms of the period still open (pending: neither handled nor marked false).
 */
async function alarmSummary({ app, tenantId, from, to }: ReportInput, tz: string): Promise<Built> {
  const a = alarmRecords;
  const inPeriod = and(eq(a.tenantId, tenantId), gte(a.ts, from), lt(a.ts, to));
  const byType = await app.db
    .select({
      type: a.type,
      total: sql<number>`count(*)::int`,
      acked: sql<number>`(count(*) filter (where ${a.ackedAt} is not null))::int`,
      handled: sql<number>`(count(*) filter (where ${a.handleState} <> ${ALARM_HANDLE.pending}))::int`,
    })
    .from(a)
    .where(inPeriod)
    .groupBy(a.type)
    .orderBy(asc(a.type));
  const [ack] = rowsOf<{ p50: number | null; p90: number | null }>(
    await app.db.execute(sql`
      select percentile_cont(0.5) within group (order by extract(epoch from ${a.ackedAt} - ${a.ts})) as p50,
             percentile_cont(0.9) within group (order by extract(epoch from ${a.ackedAt} - ${a.ts})) as p90
      from ${a} where ${inPeriod} and ${a.ackedAt} is not null`),
  );
  const open = await app.db
    .select()
    .from(a)
    .where(and(inPeriod, eq(a.handleState, ALARM_HANDLE.pending)))
    .orderBy(asc(a.ts), asc(a.id))
    .limit(MAX_ROWS);
  const total = byType.reduce((n, r) => n + r.total, 0);
  const handled = byType.reduce((n, r) => n + r.handled, 0);
  const typeName = (t: number) => alarmTypeInfo(t)?.cn ?? String(t);
  return {
    figures: [
      ['报警总数 Alarms', total],
      ['已处理 Handled', handled],
      ['未处理 Open', total - handled],
      ['确认用时中位数(秒) Time to acknowledge, median (s)', seconds(ack?.p50)],
      ['确认用时P90(秒) Time to acknowledge, p90 (s)', seconds(ack?.p90)],
    ],
    sheets: [
      {
        name: '按类型',
        head: ['类型编号', '报警类型', '总数', '已确认', '已处理', '未处理'],
        rows: byType.map((r) => [r.type, typeName(r.type), r.total, r.acked, r.handled, r.total - r.handled]),
      },
      {
        name: '未处理报警',
        head: ['编号', '时间', '报警类型', '级别', '设备名称', 'IMEI', '人员', '位置', '已确认'],
        rows: open.map((r) => [
          r.id,
          wallClockText(r.ts, tz),
          typeName(r.type),
          r.level,
          r.deviceName,
          r.imei,
          r.personName,
          r.location,
          r.ackedAt ? wallClockText(r.ackedAt, tz) : '',
        ]),
      },
    ],
  };
}

/** Device availability now: the offline devices (with when they were last heard) and those with a low battery. */
async function deviceAvailability({ app, tenantId }: ReportInput, tz: string): Promise<Built> {
  const d = devices;
  const cols = {
    id: d.id,
    name: d.name,
    imei: d.imei,
    kind: d.kind,
    personName: d.personName,
    battery: d.battery,
    lastAt: d.lastCommunicationAt,
    state: d.state,
  };
  const [counts] = await app.db
    .select({
      total: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${d.state} = 1))::int`,
    })
    .from(d)
    .where(eq(d.tenantId, tenantId));
  const offline = await app.db
    .select(cols)
    .from(d)
    .where(and(eq(d.tenantId, tenantId), eq(d.state, 0)))
    .orderBy(asc(d.lastCommunicationAt), asc(d.id))
    .limit(MAX_ROWS);
  const low = await app.db
    .select(cols)
    .from(d)
    .where(and(eq(d.tenantId, tenantId), isNotNull(d.battery), lte(d.battery, LOW_BATTERY_PCT - 1)))
    .orderBy(asc(d.battery), asc(d.id))
    .limit(MAX_ROWS);
  const line = (r: (typeof offline)[number]) => [
    r.id,
    r.name,
    r.imei,
    r.kind,
    r.personName,
    r.battery,
    r.lastAt ? wallClockText(r.lastAt, tz) : '',
  ];
  const head = ['编号', '设备名称', 'IMEI', '类型', '人员', '电量(%)', '最后通讯'];
  return {
    figures: [
      ['设备总数 Devices', counts?.total ?? 0],
      ['在线 Online', counts?.online ?? 0],
      ['离线 Offline', offline.length],
      [`低电量(<${LOW_BATTERY_PCT}%) Battery low`, low.length],
    ],
    sheets: [
      { name: '离线设备', head, rows: offline.map(line) },
      { name: '低电量设备', head, rows: low.map(line) },
    ],
  };
}

/** SIM usage: every card with this month's counters as the carrier last answered them. */
async function simUsage({ app, tenantId }: ReportInput, tz: string): Promise<Built> {
  const c = simCards;
  const cards = await app.db.select().from(c).where(eq(c.tenantId, tenantId)).orderBy(asc(c.id)).limit(MAX_ROWS);
  const carrier = (v: number) => SIM_CARRIER_TABLE.find((e) => e.value === v)?.cn ?? String(v);
  const sum = (f: (r: (typeof cards)[number]) => number) => cards.reduce((n, r) => n + f(r), 0);
  return {
    figures: [
      ['SIM卡数 SIM cards', cards.length],
      ['流量合计(MB) Data (MB)', Math.round(sum((r) => r.dataUsedMb) * 100) / 100],
      ['短信合计 SMS', sum((r) => r.smsUsed)],
      ['语音合计(分钟) Voice (min)', sum((r) => r.voiceUsedMin)],
    ],
    sheets: [
      {
        name: 'SIM卡用量',
        head: [
          'ICCID',
          '接入号',
          'IMEI',
          '运营商',
          '状态',
          '用量月份',
          '流量(MB)',
          '短信',
          '语音(分钟)',
          '同步时间',
          '套餐到期',
        ],
        rows: cards.map((r) => [
          r.iccid,
          r.msisdn,
          r.imei,
          carrier(r.carrier),
          r.state,
          r.usageMonth,
          r.dataUsedMb,
          r.smsUsed,
          r.voiceUsedMin,
          r.usageSyncedAt ? wallClockText(r.usageSyncedAt, tz) : '',
          r.packageExpiresAt ? wallClockText(r.packageExpiresAt, tz) : '',
        ]),
      },
    ],
  };
}

/**
 * Attendance: the existing monthly attendance report (src/server/jobs/attendance-report.ts) of
 * the month the period starts in, written by that job's own handler acting as the tenant.
 */
async function attendance({ app, files, tenantId, from }: ReportInput, tz: string): Promise<Built> {
  const month = monthOf(from, tz);
  const scope: Scope = { userId: 0, tenantId, kind: 'admin' };
  const job = { kind: ATTENDANCE_REPORT_JOB, params: { scope, month } } as unknown as JobRow;
  const out = await attendanceReportJob(job, {
    app,
    scope,
    signal: new AbortController().signal,
    files,
    progress: () => undefined,
  });
  const result = (out.result ?? {}) as { records?: number; people?: number };
  return {
    figures: [
      ['月份 Month', month],
      ['人数 People', result.people ?? 0],
      ['考勤记录 Records', result.records ?? 0],
    ],
    sheets: [],
    fileKey: out.file?.key,
  };
}

const BUILDERS: Record<ReportKind, (input: ReportInput, tz: string) => Promise<Built>> = {
  alarmSummary,
  deviceAvailability,
  attendance,
  simUsage,
};

/** The workbook of `sheets` as bytes. */
async function workbookOf(sheets: readonly Sheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    ws.columns = s.head.map((h) => ({ header: h, width: Math.max(12, h.length * 2) }));
    ws.addRows(s.rows);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Writes the report of one kind and period to the job files (app.storage) and answers its figures. */
export async function writeReport(input: ReportInput): Promise<WrittenReport> {
  const tz = input.app.config.timeZone;
  const built = await BUILDERS[input.kind](input, tz);
  const label = REPORT_KIND_TABLE.find((k) => k.value === input.kind)
    ?.en.replace(/\s+/g, '-')
    .toLowerCase();
  const fileName = `${label ?? input.kind}-${wallClockText(input.to, tz).slice(0, 10)}.xlsx`;
  if (built.fileKey) {
    const bytes = (await input.files.read(built.fileKey))?.length ?? 0;
    return { fileKey: built.fileKey, fileName, bytes, figures: built.figures };
  }
  const bytes = await workbookOf(built.sheets);
  const fileKey = input.files.newKey('xlsx');
  await input.files.put(fileKey, bytes, XLSX_TYPE);
  const first = built.sheets.find((s) => s.rows.length > 0);
  return {
    fileKey,
    fileName,
    bytes: bytes.length,
    figures: built.figures,
    ...(first ? { preview: { ...first, rows: first.rows.slice(0, PREVIEW_ROWS) } } : {}),
  };
}
