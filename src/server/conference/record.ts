import { recordCommand } from '../../shared/conference';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock';
import type { Recorder, RecordingDone } from '../media/recorder-api';
import { broadcast, roomState, sendEvent, type Instance, type Room } from './room';

const FILE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A `sendtext` command: the base64 of a recording command (docs/requirements/realtime-video.md#recording).
 * The room is recorded by app.recorder (src/server/media/recorder-api.ts); the storage settings the
 * console sends are not used, the service stores the file itself. The result comes back as a
 * `sendtext` event, so the console toasts success or failure.
 */
export interface RecordDeps {
  clock: Clock;
  log: FastifyBaseLogger;
  /** app.recorder; undefined means recording fails. */
  recorder: () => Recorder | undefined;
  /** A finished recording of the room, for the video library (entities/vcr/store.ts). */
  recorded: (done: RecordingDone & { tenantId: number; fileKey: string; room: string }) => Promise<unknown>;
}

/** Stops the room's recording and lists it in the video library (its file name is the key + `_0000`). */
export async function stopRecording(
  deps: RecordDeps,
  room: Pick<Room, 'tenantId' | 'roomId'>,
  recording: NonNullable<Room['recording']>,
): Promise<RecordingDone> {
  const recorder = deps.recorder();
  if (!recorder) throw new Error('recording is not available');
  const done = await recorder.stop(recording.id);
  // The room as its members know it (channelId), not the SFU's tenant-prefixed name.
  await deps.recorded({ ...done, tenantId: room.tenantId, fileKey: recording.fileKey, room: `room_${room.roomId}` });
  return done;
}

export async function record(deps: RecordDeps, inst: Instance, text: string): Promise<void> {
  let parsed;
  try {
    parsed = recordCommand.parse(JSON.parse(Buffer.from(text, 'base64').toString('utf8')));
  } catch {
    return sendEvent(inst, {
      event: 'onerror',
      cmd: 'sendtext',
      msg: 'expected the base64 of a StartRecord or StopRecord command',
    });
  }
  const command = parsed.Command;
  const room = inst.room;
  const recorder = deps.recorder();
  const fail = (msg: string) => sendEvent(inst, { event: 'sendtext', command, ok: false, msg });
  if (!room) return fail('not in a room');
  if (!recorder) return fail('recording is not available');
  try {
    if (parsed.Command === 'StartRecord') {
      if (room.recording) return fail('the room is already being recorded');
      const requested = parsed.Storage?.FileKey;
      const fileKey = requested && FILE_KEY.test(requested) ? requested : `web_${deps.clock.now()}`;
      const { id } = await recorder.start({
        room: room.sfuRoom,
        tenantId: room.tenantId,
        video: parsed.Video ?? true,
        fileKey,
      });
      // The room may have emptied while ffmpeg started.
      if (!room.members.size) return void recorder.stop(id).catch(() => undefined);
      room.recording = { id, by: inst.uid, fileKey };
      sendEvent(inst, { event: 'sendtext', command, ok: true });
    } else {
      const recording = room.recording;
      if (!recording) return fail('the room is not being recorded');
      room.recording = undefined;
      const done = await stopRecording(deps, room, recording);
      sendEvent(inst, { event: 'sendtext', command, ok: true, file: done.file, fileName: `${recording.fileKey}_0000` });
    }
    broadcast(room, roomState(room));
  } catch (err) {
    deps.log.warn({ err }, `conference ${command} failed`);
    fail(err instanceof Error ? err.message.slice(0, 200) : 'recording failed');
    // A failed stop still ended the recording (its file is lost): the room hears it is not recorded.
    if (command === 'StopRecord') broadcast(room, roomState(room));
  }
}
