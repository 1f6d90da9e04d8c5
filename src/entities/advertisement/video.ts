import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { AD_MAX_SECONDS } from '../../shared/devices/ads';
import { mediaToolPath } from '../../shared/media-tools';
import { uploads } from '../../server/db/schema';
import { fail } from '../../server/lib/api-error';
import type { SavedUpload } from '../../server/uploads/save-upload';
import { posterFor } from '../vcr';
import { adVideos } from './table';

const PROBE_MS = 15_000;

/** What ffmpeg prints about a file when asked for nothing else (it exits 1: no output named). */
function ffmpegSays(args: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      mediaToolPath('ffmpeg'),
      ['-hide_banner', ...args],
      { timeout: PROBE_MS, maxBuffer: 4 * 1024 * 1024 },
      (_err, _out, stderr) => resolve(String(stderr)),
    );
  });
}

const seconds = (h: string, m: string, s: string) => Number(h) * 3600 + Number(m) * 60 + Number(s);

/**
 * The video's length in whole seconds (at least 1): the container's Duration, or, where the
 * container does not say (a browser's MediaRecorder WebM), the time reached decoding it. Null
 * when ffmpeg cannot read it.
 */
async function probeDuration(file: string): Promise<number | null> {
  const head = await ffmpegSays(['-i', file]);
  if (!/Stream #\d+:\d+.*Video:/.test(head)) return null;
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(head);
  if (d) return Math.max(1, Math.round(seconds(d[1]!, d[2]!, d[3]!)));
  const decoded = await ffmpegSays(['-i', file, '-map', '0:v:0', '-f', 'null', '-']);
  const times = [...decoded.matchAll(/time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  return last ? Math.max(1, Math.round(seconds(last[1]!, last[2]!, last[3]!))) : null;
}

interface AdVideo {
  durationS: number;
  poster: string | null;
}

/**
 * After `ossUser/uploadAdvertVideo` stored a video: its duration and poster, recorded in
 * ad_videos, where an ad's add or update finds them (it may name only such a video). A file
 * ffmpeg cannot read as a video, or longer than an ad may be, is refused ('fileFormat').
 */
export async function describeAdVideo(app: FastifyInstance, tenantId: number, saved: SavedUpload): Promise<AdVideo> {
  const dir = await mkdtemp(join(tmpdir(), 'ad-video-'));
  let durationS: number | null = null;
  try {
    const object = await app.storage.get(saved.name);
    if (object) {
      const input = join(dir, 'video');
      await pipeline(object.body, createWriteStream(input));
      durationS = await probeDuration(input);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (durationS === null || durationS > AD_MAX_SECONDS) {
    // Not a playable video of an ad's length: nothing of it is kept (file, quota).
    await app.db.delete(uploads).where(and(eq(uploads.tenantId, tenantId), eq(uploads.name, saved.name)));
    await app.storage.delete(saved.name).catch(() => undefined);
    return fail(Code.BAD_REQUEST, 'fileFormat');
  }
  const poster = await posterFor(app, tenantId, saved.name);
  await app.db
    .insert(adVideos)
    .values({ tenantId, name: saved.name, durationS, poster, size: saved.size })
    .onConflictDoUpdate({ target: [adVideos.tenantId, adVideos.name], set: { durationS, poster, size: saved.size } });
  return { durationS, poster };
}
