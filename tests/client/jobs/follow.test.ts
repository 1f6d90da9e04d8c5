import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followJob } from '../../../src/client/features/jobs/follow';
import { resetRequestDeps } from '../../../src/client/lib/request';
import { clear, saveLogin } from '../../../src/client/lib/session';
import { JOB_STATE, type Job } from '../../../src/shared/jobs';
import { demoUser } from '../fixtures';
import { mockApi, type Call } from '../devices/mockApi';

const running = { id: 41, kind: 'export', state: JOB_STATE.running, progress: 30 } as unknown as Job;

describe('following a job', () => {
  let calls: Call[];
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:00:00Z'), toFake: ['setInterval', 'clearInterval', 'Date'] });
    saveLogin('tok', demoUser);
    calls = mockApi({ '/api/user/job/get': running });
  });
  afterEach(() => {
    vi.useRealTimers();
    resetRequestDeps();
    clear();
  });

  it('asks about a running job every 2 s, and nothing more once the user signs out', async () => {
    followJob(running, 'export');
    await vi.advanceTimersByTimeAsync(4_100);
    expect(calls.filter((c) => c.url === '/api/user/job/get')).toHaveLength(2);
    clear();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.url === '/api/user/job/get')).toHaveLength(2);
  });

  it('follows a job clicked twice once', async () => {
    followJob(running, 'export');
    followJob(running, 'export');
    await vi.advanceTimersByTimeAsync(2_100);
    expect(calls.filter((c) => c.url === '/api/user/job/get')).toHaveLength(1);
  });
});
