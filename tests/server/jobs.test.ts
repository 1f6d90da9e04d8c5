import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_LINK_TTL_MS, JOB_STATE, type Job } from '../../src/shared/jobs';
import { devices, jobs } from '../../src/server/db/schema';
import { JobRunner } from '../../src/server/jobs/runner';
import { tenantId } from './fixtures';
import { buildTestApp, login, post, type TestApp } from './helper';
import { tenantWithAdmin } from './org-helper';

let t: TestApp;
let demo: string;
let other: string;
const events: Job[] = [];

beforeAll(async () => {
  t = await buildTestApp({ config: { dataDir: mkdtempSync(join(tmpdir(), 'jobs-')) } });
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  t.app.events.on('job.changed', ({ job }) => events.push(job));
});
afterAll(() => t?.close());

const api = <T>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });

async function finished(id: number, token = demo): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    await t.app.jobs.runner.idle();
    const job = (await api<Job>('user/job/get', { id }, token)).data;
    if (job.state >= JOB_STATE.done) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

async function download(id: number, token = demo) {
  const link = await api<{ url: string }>('user/job/link', { id }, token);
  expect(link.code).toBe(0);
  return t.app.inject({ method: 'GET', url: link.data.url });
}

describe('export jobs', () => {
  it('a device export runs as a job, reports progress and leaves a file behind a link', async () => {
    const queued = await api<Job>('device/device/exportJob', { format: 'csv', sort: [{ field: 'id', order: 'asc' }] });
    expect(queued).toMatchObject({ code: 0, key: 'jobQueued', data: { state: JOB_STATE.queued, resource: 'device/device', format: 'csv' } });
    const job = await finished(queued.data.id);
    const total = (await t.app.db.select({ id: devices.id }).from(devices).where(eq(devices.tenantId, await tenantId(t.app, 'Demo Site')))).length;
    expect(job).toMatchObject({ state: JOB_STATE.done, progress: 100, rows: total, downloadable: true, fileName: expect.stringMatching(/^device-\d{8}\.csv$/) });
    const states = events.filter((e) => e.id === job.id).map((e) => e.state);
    expect(states[0]).toBe(JOB_STATE.queued);
    expect(states).toContain(JOB_STATE.running);
    expect(states.at(-1)).toBe(JOB_STATE.done);

    const file = await download(job.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('attachment;');
    const lines = file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[0]).toContain('IMEI');
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
    expect((await api('device/device/exportJob', { format: 'csv', sort: [{ field: 'secret', order: 'asc' }] })).key).toBe('sortInvalid');
    const visitor = (await post(t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization as string;
    expect((await api('device/device/exportJob', { format: 'csv' }, visitor)).code).not.toBe(0);
    expect((await t.app.db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
  });

  it('the list pages the caller\'s jobs newest first and deletes finished ones', async () => {
    const page = await api<{ rows: Job[]; total: number }>('user/job/list', { page: 1, size: 2 });
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.rows.map((r) => r.id)).toEqual([...page.data.rows.map((r) => r.id)].sort((a, b) => b - a));
    const id = page.data.rows[0]!.id;
    expect((await api<{ deleted: number }>('user/job/delete', { ids: [id] })).data.deleted).toBe(1);
    expect((await api('user/job/get', { id })).code).toBe(404);
  });
});

describe('the runner', () => {
  it('times out a job that runs too long and one whose runner died', async () => {
    await t.app.jobs.runner.stop();
    const [user] = await t.app.db.select().from(jobs).limit(1);
    const base = { tenantId: user!.tenantId, userId: user!.userId, title: 't', params: { scope: { userId: user!.userId, tenantId: user!.tenantId, kind: 'admin' } } };
    const [slow] = await t.app.db.insert(jobs).values({ ...base, kind: 'slow' }).returning();
    const runner = new JobRunner(t.app, t.app.jobs.files, { slow: (_job, run) => new Promise((_, reject) => run.signal.addEventListener('abort', () => reject(run.signal.reason))) }, { timeoutMs: 50, pollMs: 60_000 });
    runner.kick();
    await runner.idle();
    const [after] = await t.app.db.select().from(jobs).where(eq(jobs.id, slow!.id));
    expect(after).toMatchObject({ state: JOB_STATE.timedOut, error: 'jobTimedOut' });

    const [dead] = await t.app.db.insert(jobs).values({ ...base, kind: 'slow', state: JOB_STATE.running, heartbeatAt: new Date(t.clock.now() - 120_000) }).returning();
    const sweeper = new JobRunner(t.app, t.app.jobs.files, {}, { pollMs: 60_000 });
    sweeper.kick();
    await sweeper.idle();
    const [swept] = await t.app.db.select().from(jobs).where(eq(jobs.id, dead!.id));
    expect(swept!.state).toBe(JOB_STATE.timedOut);

    const [unknown] = await t.app.db.insert(jobs).values({ ...base, kind: 'nope' }).returning();
    sweeper.kick();
    await sweeper.idle();
    expect((await t.app.db.select().from(jobs).where(eq(jobs.id, unknown!.id)))[0]).toMatchObject({ state: JOB_STATE.failed, error: 'jobFailed' });
    await runner.stop();
    await sweeper.stop();
  });
});

