import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_FILE_TTL_MS, JOB_LINK_TTL_MS, JOB_STATE, type ImportJobReport, type Job } from '../../../src/shared/jobs';
import { deviceResource } from '../../../src/entities/device';
import { deviceGroups, devices, jobs } from '../../../src/server/db/schema';
import { exportHandler } from '../../../src/server/jobs/export';
import { JobRunner } from '../../../src/server/jobs/runner';
import { tenantId } from '../fixtures';
import { buildTestApp, finishedJob, login, post, type TestApp } from '../helper';
import { list, parseCsv, tenantWithAdmin, upload } from '../org-helper';
import { localTestStorage, s3TestStorage, type TestStorage } from '../uploads-helper';

describe.each([
  ['local disk', localTestStorage],
  ['S3 (s3rver)', s3TestStorage],
])('jobs with files on %s', (_label, makeStorage) => {
  let storage: TestStorage;
  let t: TestApp;
  let demo: string;
  let other: string;
  let visitor: string;
  const events: Job[] = [];

  beforeAll(async () => {
    storage = await makeStorage();
    t = await buildTestApp({ config: { dataDir: storage.dataDir, storage: storage.target } });
    demo = (await login(t.app, 'demo', 'demo123')).token;
    other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
    visitor = (await post(t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization as string;
    t.app.events.on('job.changed', ({ job }) => events.push(job));
  });
  afterAll(async () => {
    await t?.close();
    await storage?.stop();
  });

  const api = <T>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });

  const finished = (id: number, token = demo) => finishedJob(t.app, id, token);

  // s3rver may answer a PUT before its file is written (see uploads.test.ts): on S3 only, a
  // download that finds nothing right after the job is asked again for up to a second.
  async function download(id: number, token = demo) {
    const link = await api<{ url: string }>('user/job/link', { id }, token);
    expect(link.code).toBe(0);
    let res = await t.app.inject({ method: 'GET', url: link.data.url });
    for (let i = 0; i < 20 && res.statusCode === 410 && storage.target.kind === 's3'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await t.app.inject({ method: 'GET', url: link.data.url });
    }
    return res;
  }

  const importJob = async (name: string, file: Buffer, fileName: string, token = demo) =>
    upload(t.app, `/api/device/${name}/importJob`, file, token, fileName);
  const csv = (rows: (string | number)[][]) => Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);
  const groupNames = async (keyword: string, token = demo) =>
    (
      await list(t.app, 'deviceGroup', { keyword, size: 100, sort: [{ field: 'name', order: 'asc' }] }, token, 'device')
    ).rows.map((r) => [r.name, r.description]);

  describe('export jobs', () => {
    it('uses the storage it was given', () => {
      expect(t.app.storage.kind).toBe(storage.target.kind);
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
        await t.app.db
          .select({ id: devices.id })
          .from(devices)
          .where(eq(devices.tenantId, await tenantId(t.app, 'Demo Site')))
      ).length;
      expect(job).toMatchObject({
        state: JOB_STATE.done,
        progress: 100,
        rows: total,
        downloadable: true,
        fileName: expect.stringMatching(/^device-\d{8}\.csv$/),
      });
      const states = events.filter((e) => e.id === job.id).map((e) => e.state);
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
      expect((await api('user/job/get', { id: job.id }, other)).code).toBe(404);
      expect((await api('user/job/link', { id: job.id }, other)).code).toBe(404);
      expect((await api<{ rows: Job[] }>('user/job/list', {}, other)).data.rows).toEqual([]);
      const link = await api<{ url: string }>('user/job/link', { id: job.id });
      t.clock.advance(JOB_LINK_TTL_MS + 1);
      const late = await t.app.inject({ method: 'GET', url: link.data.url });
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ key: 'downloadExpired' });
      expect((await t.app.inject({ method: 'GET', url: '/api/user/job/file/nonsense' })).statusCode).toBe(410);
    });

    it('a bad sort is refused before anything is queued; the visitor may not export', async () => {
      const before = (await t.app.db.select({ id: jobs.id }).from(jobs)).length;
      expect(
        (await api('device/device/exportJob', { format: 'csv', sort: [{ field: 'secret', order: 'asc' }] })).key,
      ).toBe('sortInvalid');
      expect((await api('device/device/exportJob', { format: 'csv' }, visitor)).code).not.toBe(0);
      expect((await t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
    });

    it("the list pages the caller's jobs newest first and deletes finished ones with their files", async () => {
      const page = await api<{ rows: Job[]; total: number }>('user/job/list', { page: 1, size: 2 });
      expect(page.data.total).toBeGreaterThanOrEqual(3);
      expect(page.data.rows.map((r) => r.id)).toEqual([...page.data.rows.map((r) => r.id)].sort((a, b) => b - a));
      const id = page.data.rows[0]!.id;
      const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, id));
      expect((await api<{ deleted: number }>('user/job/delete', { ids: [id] })).data.deleted).toBe(1);
      expect((await api('user/job/get', { id })).code).toBe(404);
      expect(await t.app.jobs.files.open(row!.fileKey!)).toBeUndefined();
    });

    it('a finished file is deleted from the storage after a day', async () => {
      const job = await finished((await api<Job>('device/device/exportJob', { format: 'csv' })).data.id);
      const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, job.id));
      await download(job.id); // on s3rver, wait until the object is there
      expect(await t.app.jobs.files.open(row!.fileKey!)).toBeDefined();
      // Finished a day ago (moving the clock a day would end the test sessions too); the sweep runs every 30 s.
      await t.app.db
        .update(jobs)
        .set({ finishedAt: new Date(t.clock.now() - JOB_FILE_TTL_MS - 1) })
        .where(eq(jobs.id, job.id));
      t.clock.advance(31_000);
      t.app.jobs.runner.kick();
      await t.app.jobs.runner.idle();
      expect(await t.app.jobs.files.open(row!.fileKey!)).toBeUndefined();
      expect((await api<Job>('user/job/get', { id: job.id })).data.downloadable).toBe(false);
      expect((await api('user/job/link', { id: job.id })).key).toBe('jobNotReady');
    });
  });

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
        const ids = (await list(t.app, 'deviceGroup', { keyword: 'rt-grp' }, demo, 'device')).rows.map(
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
      const before = (await t.app.db.select({ id: jobs.id }).from(jobs)).length;
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      expect(await importJob('deviceGroup', png, 'picture.png')).toMatchObject({ code: 400, key: 'importFormat' });
      const json = await post(t.app, '/api/device/deviceGroup/importJob', { rows: [] }, { token: demo });
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
      expect((await t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
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
      const job = await finished(((await importJob('deviceGroup', file, 'mine.csv', other)).data as Job).id, other);
      expect(job).toMatchObject({ state: JOB_STATE.done, rows: 1, downloadable: true });
      const [row] = await t.app.db.select().from(deviceGroups).where(eq(deviceGroups.name, 'tenant-import'));
      expect(row!.tenantId).toBe(await tenantId(t.app, 'Other Co'));
      expect(await groupNames('tenant-import')).toEqual([]);
      expect(await groupNames('tenant-import', other)).toEqual([['tenant-import', 'other co']]);
      expect((await api('user/job/get', { id: job.id })).code).toBe(404);
      expect((await api('user/job/link', { id: job.id })).code).toBe(404);
      expect((await api<{ rows: Job[] }>('user/job/list', { size: 100 })).data.rows.map((j) => j.id)).not.toContain(
        job.id,
      );

      const before = (await t.app.db.select({ id: jobs.id }).from(jobs)).length;
      expect((await importJob('deviceGroup', file, 'visitor.csv', visitor)).code).not.toBe(0);
      expect((await t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
    });
  });

  describe('the runner', () => {
    it('pages an export by keyset: the same file as the synchronous export for any sort, in steps of 7 rows', async () => {
      await t.app.jobs.runner.stop();
      // Ties and nulls in the sort keys (battery, name, last communication) across step boundaries.
      const demoTenant = await tenantId(t.app, 'Demo Site');
      const some = await t.app.db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.tenantId, demoTenant))
        .limit(12);
      for (const [i, { id }] of some.entries()) {
        await t.app.db
          .update(devices)
          .set({ battery: i % 3 === 0 ? null : 50, name: i % 4 === 0 ? null : `same-${i % 2}` })
          .where(eq(devices.id, id));
      }
      const [user] = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'export')).limit(1);
      const runner = new JobRunner(t.app, t.app.jobs.files, { export: exportHandler(7) }, { pollMs: 60_000 });
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
        const [row] = await t.app.db
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
        const sync = await t.app.inject({
          method: 'POST',
          url: '/api/device/device/export',
          payload: { ...query, format: 'csv' },
          headers: { authorization: demo },
        });
        expect(viaJob).toBe(sync.body);
        expect(parseCsv(viaJob).length).toBeGreaterThan(12);
      }
      await runner.stop();
    });

    it('times out a job that runs too long and one whose runner died', async () => {
      await t.app.jobs.runner.stop();
      const [user] = await t.app.db.select().from(jobs).limit(1);
      const base = {
        tenantId: user!.tenantId,
        userId: user!.userId,
        title: 't',
        params: { scope: { userId: user!.userId, tenantId: user!.tenantId, kind: 'admin' } },
      };
      const [slow] = await t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'slow' })
        .returning();
      const runner = new JobRunner(
        t.app,
        t.app.jobs.files,
        {
          slow: (_job, run) =>
            new Promise((_, reject) => run.signal.addEventListener('abort', () => reject(run.signal.reason))),
        },
        { timeoutMs: 50, pollMs: 60_000 },
      );
      runner.kick();
      await runner.idle();
      const [after] = await t.app.db.select().from(jobs).where(eq(jobs.id, slow!.id));
      expect(after).toMatchObject({ state: JOB_STATE.timedOut, error: 'jobTimedOut' });

      const [dead] = await t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'slow', state: JOB_STATE.running, heartbeatAt: new Date(t.clock.now() - 120_000) })
        .returning();
      const sweeper = new JobRunner(t.app, t.app.jobs.files, {}, { pollMs: 60_000 });
      sweeper.kick();
      await sweeper.idle();
      const [swept] = await t.app.db.select().from(jobs).where(eq(jobs.id, dead!.id));
      expect(swept!.state).toBe(JOB_STATE.timedOut);

      const [unknown] = await t.app.db
        .insert(jobs)
        .values({ ...base, kind: 'nope' })
        .returning();
      sweeper.kick();
      await sweeper.idle();
      expect((await t.app.db.select().from(jobs).where(eq(jobs.id, unknown!.id)))[0]).toMatchObject({
        state: JOB_STATE.failed,
        error: 'jobFailed',
      });
      await runner.stop();
      await sweeper.stop();
    });
  });
});
