/**
 * Media a protocol device sends (a watch's voice messages and photos, docs/protocols.md "watch"),
 * stored as the device's media: a voice message in the device voice list (/deviceVoice, played in
 * the browser), a photo in the photo library as a device capture. Watches record AMR, which no
 * browser plays: it is converted to WAV with the service's ffmpeg first.
 */
import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_IMAGE_MAX, VOICE_CLIP_MAX } from '../../shared/constants';
import { mediaToolPath } from '../../shared/media-tools';
import { deviceVoices } from '../../entities/device-voice/table';
import { photos } from '../../entities/photo/table';
import { thumbnailFor } from '../uploads/thumbnail';
import { wavDurationMs } from './wav';
import { devices } from '../db/schema';
import { storeUpload } from '../uploads/save-upload';
import { eq } from 'drizzle-orm';
import type { DeviceMedia } from './types';

/** Seconds an AMR conversion may take. */
const CONVERT_S = 20;

/** AMR (narrow or wide band) to a mono 16-bit WAV, through ffmpeg's pipes. */
function amrToWav(amr: Buffer, ffmpeg = mediaToolPath('ffmpeg')): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'amr',
        '-i',
        'pipe:0',
        '-ac',
        '1',
        '-c:a',
        'pcm_s16le',
        '-f',
        'wav',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), CONVERT_S * 1000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && out.length) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg could not read the AMR: ${err.trim().split('\n')[0] ?? `exit ${code}`}`));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(amr);
  });
}

/** Stores one media file of the device registered under `imei`; throws what could not be stored. */
export async function storeDeviceMedia(app: FastifyInstance, imei: string, media: DeviceMedia): Promise<void> {
  const [device] = await app.db
    .select({ id: devices.id, tenantId: devices.tenantId, name: devices.name })
    .from(devices)
    .where(eq(devices.imei, imei))
    .limit(1);
  if (!device) return;
  if (media.kind === 'audio') {
    const wav = media.mime === 'audio/amr' ? await amrToWav(media.data) : media.data;
    const saved = await storeUpload(app, device.tenantId, wav, { kind: 'audio', under: VOICE_CLIP_MAX, strip: false });
    await app.db.insert(deviceVoices).values({
      tenantId: device.tenantId,
      deviceId: device.id,
      imei,
      deviceName: device.name,
      durationMs: wavDurationMs(wav) ?? null,
      size: saved.size,
      file: saved.name,
    });
    return;
  }
  const saved = await storeUpload(app, device.tenantId, media.data, {
    kind: 'image',
    under: UPLOAD_IMAGE_MAX,
    strip: true,
  });
  const image = `/api/file/${saved.name}`;
  const made = await thumbnailFor(app, device.tenantId, image);
  const at = new Date(app.clock.now()).toISOString().slice(0, 19).replace('T', ' ');
  // Source 2: a device's capture (PHOTO_SOURCE_TABLE).
  await app.db
    .insert(photos)
    .values({ tenantId: device.tenantId, title: `${device.name || imei} ${at}`, image, ...made, source: 2, imei });
}
