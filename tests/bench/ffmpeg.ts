import { spawnSync } from 'node:child_process';
import { findMediaTool } from '../../src/shared/media-tools';

/**
 * Why the ffmpeg or ffprobe the service and the simulator would run is not there (the media
 * benches, door call, SFU and camera bridge, need both); undefined when both run.
 */
function whyNoFfmpeg(): string | undefined {
  // Found as the service and the simulator find them (src/shared/media-tools.ts).
  for (const tool of ['ffmpeg', 'ffprobe'] as const) {
    const found = findMediaTool(tool);
    if (!('path' in found)) return found.why;
    const run = spawnSync(found.path, ['-version'], { stdio: 'ignore', timeout: 30_000 });
    if (run.error || run.status !== 0)
      return `"${found.path}" does not run: ${run.error?.message ?? `exit ${run.status}`}`;
  }
  return undefined;
}

let checked: { why?: string } | undefined;

/** The line a media bench prints instead of its figures when there is no ffmpeg; undefined when it can run. */
export function mediaSkipped(bench: string): string | undefined {
  checked ??= { why: whyNoFfmpeg() };
  return checked.why && `Media benches skipped (${bench}): no ffmpeg is available (${checked.why})`;
}
