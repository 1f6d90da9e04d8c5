import { createElement } from 'react';
import { afterAll, vi } from 'vitest';
import { stopFollowingJobs } from '../../src/client/features/jobs/follow';
import { resetRequestDeps } from '../../src/client/lib/request';

// The client project's files share one module graph per worker (vitest.config.ts). jsdom has no
// canvas, so the ECharts host (loaded lazily by Chart) cannot draw: isolated, a file ended before
// the lazy chunk arrived; shared, the chunk is already loaded by an earlier file and ECharts
// throws on the missing 2D context. The host shows the option it was given instead, as the files
// that check a chart's option do with their own mock.
vi.mock('../../src/client/components/Chart/EChart', () => ({
  default: ({ option }: { option: unknown }) =>
    createElement('pre', { 'data-testid': 'echart-option' }, JSON.stringify(option)),
}));

// A file that replaces request()'s fetch or toasts (mockApi) and does not put them back would
// send the next file's toasts to its own list: RecordButton's "停止录制失败" never showed.
afterAll(() => resetRequestDeps());

// A job a file started following (its notification polling every 2 s) must not ask the next
// file's request mock about it: the dead-letters test saw a visitor's console ask for job 7.
afterAll(() => stopFollowingJobs());
