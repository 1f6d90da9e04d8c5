import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { JOB_FILE_TTL_MS, JOB_LINK_TTL_MS, JOB_STATE, type Job } from '../../../src/shared/jobs';
import { deviceResource } from '../../../src/entities/device';
import { devices, jobs } from '../../../src/server/db/schema';
import { exportHandler } from '../../../src/server/jobs/export';
import { JobRunner } from '../../../src/server/jobs/runner';
import { tenantId } from '../fixtures';
import { parseCsv } from '../org-helper';
import { JOB_STORAGES, useJobsApp } from './jobs-helpers';

/** Export jobs and the job runner, with files on local disk and on S3. Import jobs: jobs-import.test.ts. */

describe.each(JOB_STORAGES)('jobs with files on %s', (_label, makeStorage) => {
  const s = useJobsApp(makeStorage);
  const { api, finished, download } = s;

  describe('export jobs', () => {
    it('uses the storage it was given', () => {
      expect(s.t.app.storage.kind).toBe(s.storage.target.kind);
    });

    it('a device export runs as a job, reports progress and leaves a file behind a link', async () => {
      const queued = await api<Job>('device/device/exportJob', {
        format: 'csv',
        sort: [{ field: 'id', order: 'asc' }],
      });
      expect(queued).toMatchObject({
        code: 0,
        key: 'jobQueued',
        data: { state: JOB_STATE.queued, resource: 'device/device', format: 'csv' },
      });
      const job = await finished(queued.data.id);
      const total = (
        await s.t.app.db
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.tenantId, await tenantId(s.t.app, 'Demo Site')))
      ).length;
      expect(job).toMatchObject({
        state: JOB_STATE.done,
        progress: 100,
        rows: total,
        downloadable: true,
        fileName: expect.stringMatching(/^device-\d{8}\.csv$/),
      });
      const states = s.events.filter((e) => e.id === job.id).map((e) => e.state);
      expect(states[0]).toBe(JOB_STATE.queued);
      expect(states).toContain(JOB_STATE.running);
      expect(states.at(-1)).toBe(JOB_STATE.done);

      const file = await download(job.id);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toContain('attachment;');
      expect(Number(file.headers['content-length'])).toBe(job.bytes);
      const lines = file.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines).toHaveLength(total + 1);
      expect(lines[0]).toContain('IMEI');
      // Columns the console's list starts without (list.hidden) are exported all the same.
      expect(deviceResource.fields.find((f) => f.name === 'battery')?.list).toMatchObject({ hidden: true });
      expect(lines[0]).toContain('电量');
    });

    it('XLSX works the same way', async () => {
      const job = await finished((await api<Job>('device/device/exportJob', { format: 'xlsx' })).data.id);
      expect(job.state).toBe(JOB_STATE.done);
      const file = await download(job.id);
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });

    it('another user sees neither the job nor its file; the link expires', async () => {
      const job = await finished((await api<Job>('device/device/exportJob', { format: 'csv' })).data.id);
      expect((await api('user/job/get', { id: job.id }, s.other)).code).toBe(404);
      expect((await api('user/job/link', { id: job.id }, s.other)).code).toBe(404);
      expect((await api<{ rows: Job[] }>('user/job/list', {}, s.other)).data.rows).toEqual([]);
      const link = await api<{ url: string }>('user/job/link', { id: job.id });
      s.t.clock.advance(JOB_LINK_TTL_MS + 1);
      const late = await s.t.app.inject({ method: 'GET', url: link.data.url });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ key: 'downloadExpired' });
      expect((await s.t.app.inject({ method: 'GET', url: '/api/user/job/file/nonsense' })).statusCode).toBe(410);
    });

    it('a bad sort is refused before anything is queued; the visitor may not export', async () => {
      const before = (await s.t.app.db.select({ id: jobs.id }).from(jobs)).length;
      expect(
        (await api('device/device/exportJob', { format: 'csv', sort: [{ field: 'secret', order: 'asc' }] })).key,
      ).toBe('sortInvalid');
      expect((await api('device/device/exportJob', { format: 'csv' }, s.visitor)).code).not.toBe(0);
      expect((await s.t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
    });

    it("the list pages the caller's jobs newest first and deletes finished ones with their files", async () => {
      const page = await api<{ rows: Job[]; total: number }>('user/job/list', { page: 1, size: 2 });
      expect(page.data.total).toBeGreaterThanOrEqual(3);
      expect(page.data.rows.map((r) => r.id)).toEqual([...page.data.rows.map((r) => r.id)].sort((a, b) => b - a));
      const id = page.data.rows[0]!.id;
      const [row] = await s.t.app.db.select().from(jobs).where(eq(jobs.id, id));
      expect((await api<{ deleted: number }>('user/job/delete', { ids: [id] })).data.deleted).toBe(1);
      expect((await api('user/job/get', { id })).code).toBe(404);
      expect(await s.t.app.jobs.files.open(row!.fileKey!)).toBeUndefined();
    });

    it('a finished file is deleted from the storage after a day', async () => {
      const job = await finished((await api<Job>('device/device/exportJob', { format: 'csv' })).data.id);
      const [row] = await s.t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
      await download(job.id); // on s3rver, wait until the object is there
      expect(await s.t.app.jobs.files.open(row!.fileKey!)).toBeDefined();
      // Finished a day ago (moving the clock a day would end the test sessions too); the sweep runs every 30 s.
      await s.t.app.db
        .update(jobs)
        .set({ finishedAt: new Date(s.t.clock.now() - JOB_FILE_TTL_MS - 1) })
        .where(eq(jobs.id, job.id));
      s.t.clock.advance(31_000);
      s.t.app.jobs.runner.kick();
      await s.t.app.jobs.runner.idle();
      expect(await s.t.app.jobs.files.open(row!.fileKey!)).toBeUndefined();
      expect((await api<Job>('user/job/get', { id: job.id })).data.downloadable).toBe(false);
      expect((await api('user/job/link', { id: job.id })).key).toBe('jobNotReady');
    });
  });

  describe('the runner', () => {
    it('pages an export by keyset: the same file as the synchronous export for any sort, in steps of 7 rows', async () => {
      await s.t.app.jobs.runner.stop();
      // Ties and nulls in the sort keys (battery, name, last communication) across step boundaries.
      const demoTenant = await tenantId(s.t.app, 'Demo Site');
      const some = await s.t.app.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.tenantId, demoTenant))
        .limit(12);
      for (const [i, { id }] of some.entries()) {
        await s.t.app.db
          .update(devices)
          .set({ battery: i % 3 === 0 ? null : 50, name: i % 4 === 0 ? null : `same-${i % 2}` })
          .where(eq(devices.id, id));
      }
      const [user] = await s.t.app.db.select().from(jobs).where(eq(jobs.kind, 'export')).limit(1);
      const runner = new JobRunner(s.t.app, s.t.app.jobs.files, { export: exportHandler(7) }, { pollMs: 60_000 });
      const sorts = [
        [{ field: 'battery', order: 'desc' }],
        [
          { field: 'battery', order: 'asc' },
          { field: 'name', order: 'desc' },
        ],
        [{ field: 'name', order: 'asc' }],
        [
          { field: 'lastCommunicationAt', order: 'desc' },
          { field: 'id', order: 'desc' },
        ],
        undefined,
      ] as const;
      for (const sort of sorts) {
        const query = sort ? { sort } : {};
        const [row] = await s.t.app.db
          .insert(jobs)
          .values({
            tenantId: user!.tenantId,
            userId: user!.userId,
            kind: 'export',
            title: 't',
            params: { ...(user!.params as object), query, format: 'csv' },
          })
          .returning();
        runner.kick();
        await runner.idle();
        const job = (await api<Job>('user/job/get', { id: row!.id })).data;
        expect(job.state).toBe(JOB_STATE.done);
        const viaJob = (await download(job.id)).body;
        const sync = await s.t.app.inject({
          method: 'POST',
          url: '/api/device/device/export',
          payload: { ...query, format: 'csv' },
          headers: { authorization: s.demo },
        });
        expect(viaJob).toBe(sync.body);
        expect(parseCsv(viaJob).length).toBeGreaterThan(12);
      }
      await runner.stop();
    });

    it('times out a job that runs too long and one whose runner died', async () => {
      await s.t.app.jobs.runner.stop();
      const [user] = await s.t.app.db.select().from(jobs).limit(1);
      const base = {
        tenantId: user!.tenantId,
        userId: user!.userId,
        title: 't',
        params: { scope: { userId: user!.userId, tenantId: user!.tenantId, kind: 'admin' } },
      };
      const [slow] = await s.t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'slow' })
        .returning();
      const runner = new JobRunner(
        s.t.app,
        s.t.app.jobs.files,
        {
          slow: (_job, run) =>
            new Promise((_, reject) => run.signal.addEventListener('abort', () => reject(run.signal.reason))),
        },
        { timeoutMs: 50, pollMs: 60_000 },
      );
      runner.kick();
      await runner.idle();
      const [after] = await s.t.app.db.select().from(jobs).where(eq(jobs.id, slow!.id));
      expect(after).toMatchObject({ state: JOB_STATE.timedOut, error: 'jobTimedOut' });

      const [dead] = await s.t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'slow', state: JOB_STATE.running, heartbeatAt: new Date(s.t.clock.now() - 120_000) })
        .returning();
      const sweeper = new JobRunner(s.t.app, s.t.app.jobs.files, {}, { pollMs: 60_000 });
      sweeper.kick();
      await sweeper.idle();
      const [swept] = await s.t.app.db.select().from(jobs).where(eq(jobs.id, dead!.id));
      expect(swept!.state).toBe(JOB_STATE.timedOut);

      const [unknown] = await s.t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'nope' })
        .returning();
      sweeper.kick();
      await sweeper.idle();
      expect((await s.t.app.db.select().from(jobs).where(eq(jobs.id, unknown!.id)))[0]).toMatchObject({
        state: JOB_STATE.failed,
        error: 'jobFailed',
      });
      await runner.stop();
      await sweeper.stop();
    });
  });
});
