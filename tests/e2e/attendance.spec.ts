import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { api, tokenOf, type ApiRow, signIn } from './helpers';

/** A finished job (src/shared/jobs.ts JOB_STATE.done). */
const DONE = '2';

// The monthly attendance report end to end: asked for on /AttendanceInfoList (a month that does
// not exist cannot be asked for), run as a background job, and its workbook downloaded from
// /DownloadTask. The month is that of the newest record (the demo's workers and the simulator's
// punches fill the last weeks), so the first of a month is no different.
test('a monthly attendance report is queued on /AttendanceInfoList and its workbook downloads from /DownloadTask', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await tokenOf(request, 'demo');
  const [newest] = (await api<{ rows: ApiRow[] }>(request, admin, 'user/attendanceRecord/list', { page: 1, size: 1 }))
    .data.rows;
  expect(newest, 'the demo has attendance records').toBeTruthy();
  const month = String(newest!.day).slice(0, 7);
  await signIn(page, 'demo', 'demo123');
  await page.goto('/AttendanceInfoList');
  await expect(page.getByTestId('data-table').locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('attendance-report').click();
  const monthInput = page.getByTestId('attendance-report-month');
  // This month is offered.
  expect(await monthInput.inputValue()).toMatch(/^\d{4}-\d{2}$/);
  await monthInput.fill('2026-13');
  await expect(page.getByTestId('attendance-report-ok')).toBeDisabled();
  await monthInput.fill(month);
  await page.getByTestId('attendance-report-ok').click();
  await expect(monthInput).toBeHidden();

  await page.goto('/DownloadTask');
  const row = page
    .getByTestId('download-tasks')
    .locator('tbody tr')
    .filter({ hasText: `考勤月报：${month}` })
    .first();
  await expect(row.getByTestId('job-state')).toHaveAttribute('data-state', DONE, { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('job-download').click()]);
  expect(download.suggestedFilename()).toBe(`attendance-${month}.xlsx`);
  const bytes = await readFile((await download.path())!);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const summary = workbook.getWorksheet('汇总')!;
  expect(summary.getRow(1).values).toEqual([
    undefined,
    '姓名',
    '部门',
    '记录天数',
    '正常天数',
    '迟到次数',
    '早退次数',
    '缺勤次数',
    '请假次数',
  ]);
  // A line per person with records this month, and the day-by-day sheet.
  expect(summary.rowCount).toBeGreaterThan(1);
  expect(workbook.getWorksheet('明细')!.rowCount).toBeGreaterThan(1);
});
