import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_FILE_MAX } from '../../shared/constants';
import { mediaToolPath } from '../../shared/media-tools';
import { storeUpload } from '../../server/uploads/save-upload';

/** Posters are this wide, like the photos' thumbnails. */
const POSTER_WIDTH = 320;
const POSTER_MS = 15_000;

/**
 * A JPEG of a stored video's first picture (ffmpeg, 320 wide), stored as an upload of the tenant:
 * the library's list shows it instead of loading every video's start. Null when there is no
 * picture (a sound-only recording), no ffmpeg, or the file cannot be read: a poster is a nicety.
 */
export async function posterFor(app: FastifyInstance, tenantId: number, file: string): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'poster-'));
  try {
    const object = await app.storage.get(file);
    if (!object) return null;
    // A recording may be large: onto the disk as it is read, never whole in memory.
    const input = join(dir, 'video');
    const output = join(dir, 'poster.jpg');
    await pipeline(object.body, createWriteStream(input));
    await new Promise<void>((resolve, reject) =>
      execFile(
        mediaToolPath('ffmpeg'),
        [
          '-hide_banner',
          '-loglevel',
          'error',
          '-i',
          input,
          '-frames:v',
          '1',
          '-vf',
          `scale=${POSTER_WIDTH}:-2`,
          '-q:v',
          '4',
          '-y',
          output,
        ],
        { timeout: POSTER_MS },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    const saved = await storeUpload(app, tenantId, await readFile(output), {
      kind: 'image',
      under: UPLOAD_FILE_MAX,
      strip: false,
    });
    return saved.name;
  } catch (err) {
    app.log.debug({ err, file }, 'no poster for the video');
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
