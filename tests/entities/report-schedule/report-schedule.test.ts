import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmRecords } from '../../../src/server/db/schema';
import { buildReplica, buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantId } from '../../server/fixtures';
import { tenantWithAdmin, type Row } from '../../server/org-helper';
import { attachmentOf, listeningSmtp, partOf, subjectOf } from '../../server/smtp';
import { REPORT_BACKOFF_MS, REPORT_FILE_TTL_MS } from '../../../src/entities/report-schedule/runs';
import { reportRuns, reportSchedules } from '../../../src/entities/report-schedule/table';
import { sweepReports } from '../../../src/entities/report-schedule';

const BERLIN = 'Europe/Berlin';

async function sheetsOf(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    out[ws.name] = rows;
  });
  return out;
}

let t: TestApp;
let mail: Awaited<ReturnType<typeof listeningSmtp>>;
let demo: string;
let demoTenant: number;
let other: string;

beforeAll(async () => {
  mail = await listeningSmtp();
  t = await buildTestApp({ config: { smtpUrl: mail.url, timeZone: BERLIN } });
  // 15 June 2026, 07:00 in Berlin (CEST).
  t.clock.advance(Date.parse('2026-06-15T05:00:00Z') - t.clock.now());
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await mail.stop();
});

const call = <T = Row>(action: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/reportSchedule/${action}`, body, { token });
const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now());
const to = (address: string) => mail.received.filter((m) => m.to.includes(address));

interface RunView {
  id: number;
  state: string;
  attempts: number;
  error: string | null;
  fileName: string | null;
  manual: boolean;
  periodFrom: string;
  periodTo: string;
}
const runsOf = async (scheduleId: number, token = demo) =>
  (await call<{ rows: RunView[]; total: number }>('runs', { scheduleId }, token)).data;

describe('scheduled reports', () => {
  it('refuses a bad address, a bad cron expression and a weekly report without its weekday, with their keys', async () => {
    const base = { name: 'x', kind: 'alarmSummary', frequency: 'daily', time: '08:00', recipients: 'a@example.com' };
    expect(await call('add', { ...base, recipients: 'a@example.com, not-an-address' })).toMatchObject({
      code: 400,
      key: 'emailInvalid',
    });
    expect(await call('add', { ...base, frequency: 'cron', cron: '61 * * *' })).toMatchObject({
      code: 400,
      key: 'cronInvalid',
    });
    expect(await call('add', { ...base, frequency: 'weekly' })).toMatchObject({
      code: 400,
      key: 'reportScheduleIncomplete',
    });
    expect(await call('add', { ...base, time: '8h' })).toMatchObject({ code: 400, key: 'timeInvalid' });
    expect(await call('add', { ...base, kind: 'nope' })).toMatchObject({ code: 400 });
  });

  it('sends the daily alarm summary at 08:00 on the tenant clock with its XLSX, and keeps the run', async () => {
    const alarm = (type: number, tsIso: string, ackS: number | null, handled: boolean) => ({
      tenantId: demoTenant,
      imei: '860000000000099',
      type,
      level: 3,
      title: 'test',
      deviceName: 'Report helmet',
      ts: new Date(tsIso),
      ackedAt: ackS === null ? null : new Date(Date.parse(tsIso) + ackS * 1000),
      handleState: handled ? 1 : 0,
    });
    // In the period (14 June 08:00 to 15 June 08:00 CEST): 3 SOS, 2 smoke; one SOS before it.
    await t.app.db
      .insert(alarmRecords)
      .values([
        alarm(15, '2026-06-14T07:00:00Z', 60, true),
        alarm(15, '2026-06-14T12:00:00Z', 120, false),
        alarm(15, '2026-06-15T05:59:00Z', null, false),
        alarm(8, '2026-06-14T20:00:00Z', 30, true),
        alarm(8, '2026-06-14T21:00:00Z', null, false),
        alarm(15, '2026-06-14T05:59:00Z', 10, false),
      ]);
    const added = await call('add', {
      name: 'Daily alarms',
      kind: 'alarmSummary',
      frequency: 'daily',
      time: '08:00',
      recipients: 'boss@example.com; deputy@example.com',
    });
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({ enabled: true, tenantId: demoTenant, nextRunAt: '2026-06-15T06:00:00.000Z' });

    await sweepReports(t.app);
    expect(to('boss@example.com')).toHaveLength(0);

    setClock('2026-06-15T06:00:10Z');
    await sweepReports(t.app);
    const sent = to('boss@example.com');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toEqual(['boss@example.com', 'deputy@example.com']);
    expect(subjectOf(sent[0]!.data)).toBe(
      'Daily alarms · 报警汇总 Alarm summary · 2026-06-14 08:00 - 2026-06-15 08:00 (Europe/Berlin)',
    );
    const text = partOf(sent[0]!.data, 'text/plain');
    const html = partOf(sent[0]!.data, 'text/html');
    const file = attachmentOf(sent[0]!.data);
    expect(file.name).toBe('alarm-summary-2026-06-15.xlsx');
    const sheets = await sheetsOf(file.bytes);
    expect(sheets['按类型']).toEqual([
      ['类型编号', '报警类型', '总数', '已确认', '已处理', '未处理'],
      [8, '烟雾告警', 2, 1, 1, 1],
      [15, 'SOS求救', 3, 2, 1, 2],
    ]);
    expect(sheets['未处理报警']!.slice(1).map((r) => r[1])).toEqual([
      '2026-06-14 14:00:00',
      '2026-06-14 23:00:00',
      '2026-06-15 07:59:00',
    ]);
    // Acknowledged after 60, 120 and 30 s: median 60, p90 (interpolated) 108.
    expect(text).toContain('报警总数 Alarms: 5\n');
    expect(text).toContain('未处理 Open: 3\n');
    expect(text).toContain('Time to acknowledge, median (s): 60\n');
    expect(text).toContain('Time to acknowledge, p90 (s): 108\n');
    // The HTML summary: the figures, then the first rows of the first sheet.
    expect(html).toContain('<td style="border:1px solid #ccc;padding:4px 8px">108</td>');
    expect(html).toContain('<h3>按类型</h3>');

    const id = added.data.id;
    const [schedule] = await t.app.db.select().from(reportSchedules).where(eq(reportSchedules.id, id));
    expect(schedule!.nextRunAt?.toISOString()).toBe('2026-06-16T06:00:00.000Z');
    const runs = await runsOf(id);
    expect(runs.rows).toMatchObject([
      {
        state: 'sent',
        attempts: 1,
        manual: false,
        error: null,
        fileName: 'alarm-summary-2026-06-15.xlsx',
        periodFrom: '2026-06-14T06:00:00.000Z',
        periodTo: '2026-06-15T06:00:00.000Z',
      },
    ]);
    const download = await t.app.inject({
      method: 'POST',
      url: '/api/user/reportSchedule/download',
      payload: { id: runs.rows[0]!.id },
      headers: { authorization: demo },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(file.bytes)).toBe(true);

    // Sweeping again sends nothing more.
    await sweepReports(t.app);
    expect(to('boss@example.com')).toHaveLength(1);
  });

  it('retries a refused send with backoff, then shows the run as failed', async () => {
    const added = await call('add', {
      name: 'Devices',
      kind: 'deviceAvailability',
      frequency: 'weekly',
      weekday: 3,
      time: '09:00',
      recipients: 'ops@example.com',
    });
    expect(added.code, added.msg).toBe(0);
    mail.state.refuse = true;
    try {
      expect((await call('runNow', { id: added.data.id })).code).toBe(0);
      await sweepReports(t.app);
      let [run] = (await runsOf(added.data.id)).rows;
      expect(run).toMatchObject({ state: 'queued', attempts: 1, manual: true });
      expect(run!.error).toContain('550');
      // Not before its backoff.
      await sweepReports(t.app);
      expect((await runsOf(added.data.id)).rows[0]).toMatchObject({ state: 'queued', attempts: 1 });
      t.clock.advance(REPORT_BACKOFF_MS[0]);
      await sweepReports(t.app);
      expect((await runsOf(added.data.id)).rows[0]).toMatchObject({ state: 'queued', attempts: 2 });
      t.clock.advance(REPORT_BACKOFF_MS[1]);
      await sweepReports(t.app);
      [run] = (await runsOf(added.data.id)).rows;
      expect(run).toMatchObject({
        state: 'failed',
        attempts: 3,
        fileName: expect.stringMatching(/^device-availability-/),
      });
      expect(run!.error).toContain('550');
      expect(to('ops@example.com')).toHaveLength(0);
    } finally {
      mail.state.refuse = false;
    }
    // A failed run is not tried again by itself.
    t.clock.advance(3_600_000);
    await sweepReports(t.app);
    const [failed] = (await runsOf(added.data.id)).rows;
    expect(failed).toMatchObject({ state: 'failed', attempts: 3 });
    const [stored] = await t.app.db.select().from(reportRuns).where(eq(reportRuns.id, failed!.id));

    // By hand it is: once the mail server takes mail again, with the file its first attempt wrote.
    expect((await call('retryRun', { id: failed!.id }, other)).code).toBe(404);
    const again = await call<RunView>('retryRun', { id: failed!.id });
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toMatchObject({ id: failed!.id, state: 'queued', attempts: 0 });
    expect((await call('retryRun', { id: failed!.id })).key).toBe('reportRunNotFailed');
    await sweepReports(t.app);
    expect((await runsOf(added.data.id)).rows[0]).toMatchObject({
      id: failed!.id,
      state: 'sent',
      attempts: 1,
      error: null,
    });
    const [sent] = to('ops@example.com');
    expect(attachmentOf(sent!.data).name).toBe(stored!.fileName);
    const [after] = await t.app.db.select().from(reportRuns).where(eq(reportRuns.id, failed!.id));
    expect(after!.fileKey).toBe(stored!.fileKey);
    expect((await call('retryRun', { id: failed!.id })).key).toBe('reportRunNotFailed');
  });

  it('deleting a schedule deletes its runs and removes their files from the storage', async () => {
    const added = await call('add', {
      name: 'Short-lived',
      kind: 'alarmSummary',
      frequency: 'daily',
      time: '06:00',
      recipients: 'gone@example.com',
    });
    expect(added.code, added.msg).toBe(0);
    expect((await call('runNow', { id: added.data.id })).code).toBe(0);
    await sweepReports(t.app);
    const runs = await t.app.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, added.data.id));
    expect(runs.map((r) => r.state)).toEqual(['sent']);
    const key = runs[0]!.fileKey!;
    expect(await t.app.jobs.files.read(key)).toBeDefined();
    expect((await call('delete', { ids: [added.data.id] }, other)).code).toBe(404);
    expect(await t.app.jobs.files.read(key)).toBeDefined();
    const gone = await call('delete', { ids: [added.data.id] });
    expect(gone.code, gone.msg).toBe(0);
    expect(await t.app.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, added.data.id))).toEqual([]);
    expect(await t.app.jobs.files.read(key)).toBeUndefined();
  });

  it('two sweepers on one database send a due report once', async () => {
    const added = await call('add', {
      name: 'SIM',
      kind: 'simUsage',
      frequency: 'cron',
      cron: '*/5 * * * *',
      recipients: 'sim@example.com',
    });
    expect(added.code, added.msg).toBe(0);
    t.clock.advance(Date.parse(String(added.data.nextRunAt)) - t.clock.now() + 1_000);
    // On PostgreSQL a second replica of the service; on PGlite (one process) two passes at once.
    const replica: FastifyInstance | undefined = process.env.DATABASE_URL
      ? await buildReplica(t, { smtpUrl: t.app.config.smtpUrl, timeZone: BERLIN })
      : undefined;
    try {
      await Promise.all([sweepReports(t.app), sweepReports(replica ?? t.app)]);
    } finally {
      await replica?.close();
    }
    expect(to('sim@example.com')).toHaveLength(1);
    const runs = await t.app.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, added.data.id));
    expect(runs.map((r) => [r.state, r.attempts])).toEqual([['sent', 1]]);
  });

  it('another tenant neither sees nor runs a schedule, nor reads its runs or file', async () => {
    const [mine] = await t.app.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.tenantId, demoTenant), eq(reportSchedules.name, 'Daily alarms')));
    const id = mine!.id;
    const [run] = await t.app.db.select().from(reportRuns).where(eq(reportRuns.scheduleId, id));
    expect((await call('list', {}, other)).data).toMatchObject({ total: 0 });
    expect((await call('get', { id }, other)).code).toBe(404);
    expect((await call('runNow', { id }, other)).code).toBe(404);
    expect((await call('update', { id, name: 'mine now' }, other)).code).toBe(404);
    expect(await runsOf(id, other)).toEqual({ rows: [], total: 0 });
    expect((await call('download', { id: run!.id }, other)).code).toBe(404);
    // The owner still can.
    expect((await call('runNow', { id })).code).toBe(0);
  });

  it("removes a run's file after its keeping time; the run stays, without a file", async () => {
    const [mine] = await t.app.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.tenantId, demoTenant), eq(reportSchedules.name, 'Daily alarms')));
    const [first] = await t.app.db
      .select()
      .from(reportRuns)
      .where(eq(reportRuns.scheduleId, mine!.id))
      .orderBy(reportRuns.id)
      .limit(1);
    expect(await t.app.jobs.files.read(first!.fileKey!)).toBeDefined();
    await t.app.db.update(reportSchedules).set({ enabled: false }).where(eq(reportSchedules.tenantId, demoTenant));
    t.clock.advance(REPORT_FILE_TTL_MS + 86_400_000);
    await sweepReports(t.app);
    expect(await t.app.jobs.files.read(first!.fileKey!)).toBeUndefined();
    // A month on, the session expired: sign in again.
    demo = (await login(t.app, 'demo', 'demo123')).token;
    const run = (await runsOf(mine!.id)).rows.find((r) => r.id === first!.id);
    expect(run).toMatchObject({ state: 'sent', fileName: null });
    expect((await call('download', { id: first!.id })).key).toBe('reportFileGone');
    await t.app.db.update(reportSchedules).set({ enabled: true }).where(eq(reportSchedules.tenantId, demoTenant));
  });

  it('the demo site has a daily alarm summary, which the first sweep gives its next run', async () => {
    const [seeded] = await t.app.db
      .select()
      .from(reportSchedules)
      .where(and(eq(reportSchedules.tenantId, demoTenant), eq(reportSchedules.name, '每日报警汇总')));
    expect(seeded).toMatchObject({ kind: 'alarmSummary', frequency: 'daily', time: '08:00', enabled: true });
    expect(seeded!.nextRunAt).not.toBeNull();
  });
});
