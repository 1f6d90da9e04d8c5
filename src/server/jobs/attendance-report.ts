import { once } from 'node:events';
import { asc, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PERIOD_STATE_TABLE, RECORD_STATUS_TABLE } from '../../entities/attendance-record/resource';
import { attendanceRecords as r } from '../../entities/attendance-record/table';
import { STATE_KEYS } from '../attendance';
import { departments, users } from '../db/schema';
import { scopedWhere } from '../db/scope';
import { XLSX_TYPE } from '../engine/files';
import type { JobHandler } from './runner';

/** The job kind of the monthly attendance report (registered in src/server/plugins/jobs.ts). */
export const ATTENDANCE_REPORT_JOB = 'attendanceReport';

const label = (table: readonly { value: number; cn: string }[], v: number | null) =>
  v == null ? '-' : (table.find((c) => c.value === v)?.cn ?? String(v));

/** The first and last day of a month 'YYYY-MM'. */
function monthSpan(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The monthly attendance report of a month (and optionally one department) as an XLSX workbook:
 * a summary per worker (days recorded, late, left early, absent, on leave periods) and every
 * record of the month; the file appears in DownloadTask.
 */
export const attendanceReportJob: JobHandler = async (job, run) => {
  const params = job.params as { month: string; departmentId?: number };
  const { from, to } = monthSpan(params.month);
  run.progress(0, 3);
  const rows = await run.app.db
    .select({ record: r, name: users.name, username: users.username, department: departments.name })
    .from(r)
    .innerJoin(users, eq(users.id, r.userId))
    .leftJoin(departments, eq(departments.id, r.departmentId))
    .where(
      scopedWhere(
        run.scope,
        r,
        gte(r.day, from),
        lte(r.day, to),
        params.departmentId === undefined ? undefined : eq(r.departmentId, params.departmentId),
      ),
    )
    .orderBy(asc(r.userId), asc(r.day));
  run.signal.throwIfAborted();
  run.progress(1, 3);
  const people = new Map<
    number,
    {
      name: string;
      department: string;
      days: number;
      normal: number;
      late: number;
      early: number;
      absent: number;
      leave: number;
    }
  >();
  for (const { record, name, username, department } of rows) {
    const p = people.get(record.userId) ?? {
      name: name || username,
      department: department ?? '-',
      days: 0,
      normal: 0,
      late: 0,
      early: 0,
      absent: 0,
      leave: 0,
    };
    p.days++;
    if (record.late + record.early + record.absent === 0) p.normal++;
    p.late += record.late;
    p.early += record.early;
    p.absent += record.absent;
    p.leave += record.leave;
    people.set(record.userId, p);
  }
  const out = await run.files.create('xlsx');
  const closed = once(out.stream, 'close');
  try {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useSharedStrings: false });
    const sheet = (name: string, head: string[], data: (string | number)[][]) => {
      const ws = wb.addWorksheet(name);
      ws.columns = head.map((_h, i) => ({ width: i < 2 ? 18 : 12 }));
      ws.addRow(head).commit();
      for (const line of data) ws.addRow(line).commit();
      ws.commit();
    };
    sheet(
      '汇总',
      ['姓名', '部门', '记录天数', '正常天数', '迟到次数', '早退次数', '缺勤次数', '请假次数'],
      [...people.values()].map((p) => [p.name, p.department, p.days, p.normal, p.late, p.early, p.absent, p.leave]),
    );
    run.progress(2, 3);
    sheet(
      '明细',
      [
        '姓名',
        '部门',
        '日期',
        '状态',
        '上午上班',
        '上午下班',
        '下午上班',
        '下午下班',
        '晚上上班',
        '晚上下班',
        '打卡次数',
      ],
      rows.map(({ record, name, username, department }) => [
        name || username,
        department ?? '-',
        record.day,
        label(RECORD_STATUS_TABLE, record.status),
        ...STATE_KEYS.map((k) => label(PERIOD_STATE_TABLE, record[k])),
        record.punches,
      ]),
    );
    await wb.commit();
    await closed;
    const bytes = await run.files.store(out, XLSX_TYPE);
    run.progress(3, 3);
    return {
      rows: rows.length,
      file: { key: out.key, name: `attendance-${params.month}.xlsx`, contentType: XLSX_TYPE, bytes },
      result: { records: rows.length, people: people.size },
    };
  } catch (err) {
    await run.files.discard(out);
    throw err;
  }
};
