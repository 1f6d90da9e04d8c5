/**
 * Recording of an SFU room (docs/decisions.md, "Media"): the conference's StartRecord/StopRecord
 * commands and the console's record button go through this. The SFU's RTP of the room's
 * publishers is written by ffmpeg into a WebM file, which is stored with the engine's storage
 * (local disk or S3-compatible) under the tenant's uploads.
 */
export interface RecordingStart {
  /** The SFU room (a call channel or a conference's `room_{roomId}`). */
  room: string;
  tenantId: number;
  /**
   * Record the picture too (the `Video` flag of `StartRecord`,
   * docs/requirements/realtime-video.md#conference-service); audio is always recorded.
   */
  video: boolean;
  /**
   * The file's base name (`StartRecord`'s `FileKey`, e.g. `web_1732435200000`); `_0000` and the
   * extension are added.
   */
  fileKey: string;
}

export interface RecordingDone {
  /** The stored file's name, served by GET /api/file/<file>. */
  file: string;
  size: number;
  durationMs: number;
}

export interface Recorder {
  /** Starts recording the room; refuses (RecorderError 'busy') when it is already being recorded. */
  start(opts: RecordingStart): Promise<{ id: string }>;
  /** Stops and stores the recording; RecorderError 'noSuchRecording' for an unknown id. */
  stop(id: string): Promise<RecordingDone>;
}

export class RecorderError extends Error {
  constructor(
    readonly key: 'busy' | 'noSuchRecording' | 'empty' | 'ffmpeg',
    message: string,
  ) {
    super(message);
    this.name = 'RecorderError';
  }
}
