import { afterAll, beforeAll, expect } from 'vitest';
import type { Job } from '../../../src/shared/jobs';
import { buildTestApp, finishedJob, login, post, type TestApp } from '../helper';
import { list, tenantWithAdmin, upload } from '../org-helper';
import { localTestStorage, s3TestStorage, type TestStorage } from '../uploads-helper';

/**
 * What the job tests share: they run once with files on local disk and once on S3 (s3rver), each
 * time on an app of their own with the demo administrator, another tenant's administrator and the
 * visitor, every job change the app announced, and calls to queue, await and download jobs.
 */

export const JOB_STORAGES = [
  ['local disk', localTestStorage],
  ['S3 (s3rver)', s3TestStorage],
] as const;

/** CSV as the console exports it: a BOM and CRLF lines. */
export const csv = (rows: (string | number)[][]) =>
  Buffer.from(`\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`);

/** The app the describe's tests share, built before them and closed after them. */
export function useJobsApp(makeStorage: () => TestStorage | Promise<TestStorage>) {
  const s = {
    storage: undefined as unknown as TestStorage,
    t: undefined as unknown as TestApp,
    demo: '',
    other: '',
    visitor: '',
    events: [] as Job[],
  };

  beforeAll(async () => {
    s.storage = await makeStorage();
    s.t = await buildTestApp({ config: { dataDir: s.storage.dataDir, storage: s.storage.target } });
    s.demo = (await login(s.t.app, 'demo', 'demo123')).token;
    s.other = (await tenantWithAdmin(s.t.app, 'Other Co', 'otheradmin')).token;
    s.visitor = (await post(s.t.app, '/api/auth/auth/visitorLogin', {})).headers.authorization as string;
    s.t.app.events.on('job.changed', ({ job }) => s.events.push(job));
  });
  afterAll(async () => {
    await s.t?.close();
    await s.storage?.stop();
  });

  const api = <T>(path: string, body: unknown, token = s.demo) => post<T>(s.t.app, `/api/${path}`, body, { token });

  const finished = (id: number, token = s.demo) => finishedJob(s.t.app, id, token);

  // s3rver may answer a PUT before its file is written (see uploads.test.ts): on S3 only, a
  // download that finds nothing right after the job is asked again for up to a second.
  async function download(id: number, token = s.demo) {
    const link = await api<{ url: string }>('user/job/link', { id }, token);
    expect(link.code).toBe(0);
    let res = await s.t.app.inject({ method: 'GET', url: link.data.url });
    for (let i = 0; i < 20 && res.statusCode === 410 && s.storage.target.kind === 's3'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await s.t.app.inject({ method: 'GET', url: link.data.url });
    }
    return res;
  }

  const importJob = async (name: string, file: Buffer, fileName: string, token = s.demo) =>
    upload(s.t.app, `/api/device/${name}/importJob`, file, token, fileName);
  const groupNames = async (keyword: string, token = s.demo) =>
    (
      await list(
        s.t.app,
        'deviceGroup',
        { keyword, size: 100, sort: [{ field: 'name', order: 'asc' }] },
        token,
        'device',
      )
    ).rows.map((r) => [r.name, r.description]);

  return Object.assign(s, { api, finished, download, importJob, groupNames });
}
