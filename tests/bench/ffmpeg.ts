import { spawnSync } from 'node:child_process';
import { ffmpegPath } from '../../src/server/media/ffmpeg-rtp';

/**
 * Why the ffmpeg or ffprobe the service and the simulator would run is not there (the media
 * benches, door call, SFU and camera bridge, need both); undefined when both run.
 */
function whyNoFfmpeg(): string | undefined {
  const ffmpeg = ffmpegPath();
  // ffprobe is found as the camera bridge finds it (src/server/media/camera-bridge.ts).
  for (const bin of [ffmpeg, ffmpeg.replace(/ffmpeg$/, 'ffprobe')]) {
    const run = spawnSync(bin, ['-version'], { stdio: 'ignore', timeout: 30_000 });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return `"${bin}" not found; install ffmpeg or set FFMPEG_PATH`;
    if (run.error || run.status !== 0) return `"${bin}" does not run: ${run.error?.message ?? `exit ${run.status}`}`;
  }
  return undefined;
}

let checked: { why?: string } | undefined;

/** The line a media bench prints instead of its figures when there is no ffmpeg; undefined when it can run. */
export function mediaSkipped(bench: string): string | undefined {
  checked ??= { why: whyNoFfmpeg() };
  return checked.why && `Media benches skipped (${bench}): no ffmpeg is available (${checked.why})`;
}
