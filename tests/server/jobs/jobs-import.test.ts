import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOB_STATE, type ImportJobReport, type Job } from '../../../src/shared/jobs';
import { deviceGroups, jobs } from '../../../src/server/db/schema';
import { tenantId } from '../fixtures';
import { post } from '../helper';
import { list, parseCsv } from '../org-helper';
import { csv, JOB_STORAGES, useJobsApp } from './jobs-helpers';

/** Import jobs, with files on local disk and on S3. Export jobs and the runner: jobs-export.test.ts. */

describe.each(JOB_STORAGES)('jobs with files on %s', (_label, makeStorage) => {
  const s = useJobsApp(makeStorage);
  const { api, finished, download, importJob, groupNames } = s;

  describe('import jobs', () => {
    it('round trip: an exported list (CSV and XLSX) imports back after its rows were deleted', async () => {
      for (const n of [1, 2, 3])
        expect(
          (
            await api('device/deviceGroup/add', {
              name: `rt-grp-${n}`,
              description: n === 2 ? 'with, comma "and quotes"' : `group ${n}`,
            })
          ).code,
        ).toBe(0);
      const original = await groupNames('rt-grp');
      expect(original).toHaveLength(3);
      for (const format of ['csv', 'xlsx'] as const) {
        const exported = await finished(
          (await api<Job>('device/deviceGroup/exportJob', { format, keyword: 'rt-grp' })).data.id,
        );
        const file = (await download(exported.id)).rawPayload;
        const ids = (await list(s.t.app, 'deviceGroup', { keyword: 'rt-grp' }, s.demo, 'device')).rows.map(
          (r) => r.id as number,
        );
        expect((await api('device/deviceGroup/delete', { ids })).code).toBe(0);
        expect(await groupNames('rt-grp')).toEqual([]);

        const queued = await importJob('deviceGroup', file, `groups.${format}`);
        expect(queued).toMatchObject({
          code: 0,
          key: 'importQueued',
          data: { kind: 'import', resource: 'device/deviceGroup', format, state: JOB_STATE.queued },
        });
        const job = await finished((queued.data as Job).id);
        expect(job).toMatchObject({ state: JOB_STATE.done, progress: 100, rows: 3, total: 3, downloadable: false });
        expect(job.result).toEqual({ total: 3, imported: 3, failed: 0, errors: [] });
        expect(await groupNames('rt-grp')).toEqual(original);
      }
    });

    it('reports bad rows with their row numbers and offers them as a file; the good rows go in', async () => {
      const file = csv([
        ['名称', '描述'],
        ['bad-row-ok-1', 'fine'],
        ['', 'no name'],
        ['bad-row-ok-2', ''],
        ['x'.repeat(65), 'name too long'],
      ]);
      const job = await finished(((await importJob('deviceGroup', file, 'mixed.csv')).data as Job).id);
      expect(job).toMatchObject({
        state: JOB_STATE.done,
        rows: 2,
        total: 4,
        downloadable: true,
        fileName: 'mixed-errors.csv',
      });
      const report = job.result as ImportJobReport;
      expect(report).toMatchObject({ total: 4, imported: 2, failed: 2 });
      expect(report.errors.map((e) => e.row)).toEqual([3, 5]);
      expect(report.errors[0]!.messages[0]).toMatch(/^名称: /);
      expect(await groupNames('bad-row-ok')).toEqual([
        ['bad-row-ok-1', 'fine'],
        ['bad-row-ok-2', null],
      ]);
      const errors = parseCsv((await download(job.id)).body);
      expect(errors[0]).toEqual(['行号', '错误']);
      expect(errors.slice(1).map((r) => r[0])).toEqual(['3', '5']);
    });

    it('refuses a file that is not a spreadsheet, or one it cannot import, before queueing, each with its message key', async () => {
      const before = (await s.t.app.db.select({ id: jobs.id }).from(jobs)).length;
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      expect(await importJob('deviceGroup', png, 'picture.png')).toMatchObject({ code: 400, key: 'importFormat' });
      const json = await post(s.t.app, '/api/device/deviceGroup/importJob', { rows: [] }, { token: s.demo });
      expect(json.key).toBe('uploadMalformed');

      const cases: [Buffer, string, string][] = [
        [
          csv([
            ['foo', 'bar'],
            ['1', '2'],
          ]),
          'headers.csv',
          'importHeaders',
        ],
        [csv([['名称'], ...Array.from({ length: 5_001 }, (_, i) => [`many-${i}`])]), 'many.csv', 'importTooManyRows'],
        [csv([['名称']]), 'no-rows.csv', 'importNoRows'],
        [Buffer.from('PK\u0003\u0004 but not a workbook'), 'broken.xlsx', 'importFormat'],
      ];
      for (const [file, name, key] of cases)
        expect(await importJob('deviceGroup', file, name), name).toMatchObject({ code: 400, key });
      expect((await s.t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
      expect(await groupNames('many-')).toEqual([]);
      // The runner carries on.
      const after = await finished(
        ((await importJob('deviceGroup', csv([['名称'], ['still-running']]), 'ok.csv')).data as Job).id,
      );
      expect(after.state).toBe(JOB_STATE.done);
    });

    it('runs with the scope of who queued it; another tenant sees neither the job nor its file; the visitor may not queue', async () => {
      const file = csv([
        ['名称', '描述'],
        ['tenant-import', 'other co'],
        ['', 'bad'],
      ]);
      const job = await finished(((await importJob('deviceGroup', file, 'mine.csv', s.other)).data as Job).id, s.other);
      expect(job).toMatchObject({ state: JOB_STATE.done, rows: 1, downloadable: true });
      const [row] = await s.t.app.db.select().from(deviceGroups).where(eq(deviceGroups.name, 'tenant-import'));
      expect(row!.tenantId).toBe(await tenantId(s.t.app, 'Other Co'));
      expect(await groupNames('tenant-import')).toEqual([]);
      expect(await groupNames('tenant-import', s.other)).toEqual([['tenant-import', 'other co']]);
      expect((await api('user/job/get', { id: job.id })).code).toBe(404);
      expect((await api('user/job/link', { id: job.id })).code).toBe(404);
      expect((await api<{ rows: Job[] }>('user/job/list', { size: 100 })).data.rows.map((j) => j.id)).not.toContain(
        job.id,
      );

      const before = (await s.t.app.db.select({ id: jobs.id }).from(jobs)).length;
      expect((await importJob('deviceGroup', file, 'visitor.csv', s.visitor)).code).not.toBe(0);
      expect((await s.t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
    });
  });
});
