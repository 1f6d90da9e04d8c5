import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { RecordingDone } from '../../server/media/recorder-api';
import { posterFor } from './poster';
import { videoRecords } from './table';

/**
 * A recording the service made (media/recorder.ts) becomes a row of the video library, under the
 * file name of docs/requirements/realtime-video.md#device-calls (`{fileKey}_0000`); `addVcrInfo`
 * later names its devices.
 */
export async function saveRecording(
  app: FastifyInstance,
  rec: RecordingDone & { tenantId: number; fileKey: string; room: string; imeis?: string[] },
): Promise<number> {
  const [row] = await app.db
    .insert(videoRecords)
    .values({
      tenantId: rec.tenantId,
      fileName: `${rec.fileKey}_0000`,
      room: rec.room,
      imeis: rec.imeis?.join(',') || null,
      durationMs: rec.durationMs,
      size: rec.size,
      type: app.config.storage.kind === 's3' ? 1 : 2,
      file: rec.file,
      poster: await posterFor(app, rec.tenantId, rec.file),
    })
    .returning({ id: videoRecords.id });
  return row!.id;
}

/** The tenant's row of `fileName`, if the service recorded it. */
export async function recordingByName(app: FastifyInstance, tenantId: number, fileName: string) {
  const [row] = await app.db
    .select()
    .from(videoRecords)
    .where(and(eq(videoRecords.tenantId, tenantId), eq(videoRecords.fileName, fileName)))
    .limit(1);
  return row;
}
