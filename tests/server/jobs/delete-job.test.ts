import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_STATE, type DeleteJobReport, type Job } from '../../../src/shared/jobs';
import { users } from '../../../src/server/db/schema';
import { buildTestApp, finishedJob, login, post, type TestApp } from '../helper';
import { list, tenantWithAdmin } from '../org-helper';
import { addUser, tenantId } from '../fixtures';

// `<kind>/<name>/deleteJob`: every row matching the filters, deleted by a background job.
describe('delete every matching row as a job', () => {
  let t: TestApp;
  let demo: string;
  let other: string;
  let visitor: string;
  beforeAll(async () => {
    t = await buildTestApp();
    demo = (await login(t.app, 'demo', 'demo123')).token;
    other = (await tenantWithAdmin(t.app, 'Delete Other Co', 'deleteother')).token;
    visitor = (await post(t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization as string;
  });
  afterAll(() => t.close());

  const api = <T>(path: string, body: unknown, token = demo) => post<T>(t.app, `/api/${path}`, body, { token });
  const finished = (id: number) => finishedJob(t.app, id, demo);

  it('deletes the matches in the caller tenant only, keeps and reports the rows the binding refuses', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 620; i++)
      ids.push((await api<{ id: number }>('user/department/add', { name: `purge ${i}` })).data.id);
    await api('user/department/add', { name: 'keep me' });
    await api('user/department/add', { name: 'purge abroad' }, other);
    // A department with a user cannot be deleted (departmentNotEmpty).
    const user = await addUser(t.app, {
      tenant: await tenantId(t.app, 'Demo Site'),
      username: 'purgeuser',
      password: 'secret1',
    });
    await t.app.db.update(users).set({ departmentId: ids[3] }).where(eq(users.id, user));

    const queued = await api<Job>('user/department/deleteJob', { filters: { name: 'purge' } });
    expect(queued).toMatchObject({ code: 0, data: { kind: 'delete' } });
    const job = await finished(queued.data.id);
    expect(job.state).toBe(JOB_STATE.done);
    expect(job.rows).toBe(619);
    const report = job.result as DeleteJobReport;
    expect(report).toMatchObject({
      total: 620,
      deleted: 619,
      failed: 1,
      errors: [{ id: ids[3], key: 'departmentNotEmpty' }],
    });

    expect((await list(t.app, 'department', { filters: { name: 'purge' } }, demo)).rows.map((r) => r.id)).toEqual([
      ids[3],
    ]);
    expect((await list(t.app, 'department', { filters: { name: 'keep me' } }, demo)).total).toBe(1);
    expect((await list(t.app, 'department', { filters: { name: 'purge abroad' } }, other)).total).toBe(1);
  });

  it('refuses the visitor and a bad filter before queueing', async () => {
    expect((await api('user/department/deleteJob', { filters: { name: 'x' } }, visitor)).code).not.toBe(0);
    expect(await api('user/department/deleteJob', { filters: { nosuch: 1 } })).toMatchObject({
      code: 400,
      key: 'filterInvalid',
    });
  });
});
