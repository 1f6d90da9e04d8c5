/**
 * One call's media, whoever carries it (docs/decisions.md, "Media"): the service's own SFU when
 * the call's appId is `local`, Agora otherwise. The call dialog and the conference render a
 * snapshot and call these methods; nothing outside a provider knows which one runs.
 */

/** The appId the service's local token provider hands out: the call runs through its own SFU. */
export const LOCAL_APP_ID = 'local';

/** What `voiceNet/buildToken` or the door-call message hands the console. */
export interface JoinParams {
  appId: string;
  channel: string;
  token: string;
  uid: string;
  /** Send the camera when there is one (door calls: yes). */
  video: boolean;
  /** Only receive (a camera on the monitoring wall): no microphone, no camera, nothing published. */
  receiveOnly?: boolean;
}

type MediaState = 'connecting' | 'connected' | 'reconnecting' | 'closed';

/**
 * docs/requirements/realtime-intercom.md#media-checks: `incompatible` '当前浏览器不兼容 WebSDK',
 * `noDevices` '检测不到可用的麦克风、摄像头设备', `insecure` '你的浏览器环境不是localhost或https'; `failed` the join itself
 * failed (docs/requirements/realtime-intercom.md#errors swallows it; the dialog says the media is
 * unavailable).
 */
export type MediaWarning = 'incompatible' | 'noDevices' | 'insecure' | 'failed';

interface RemoteMedia {
  uid: string;
  stream: MediaStream;
}

export interface MediaSnapshot {
  state: MediaState;
  /** The local camera for the preview (no audio: the preview must not echo). */
  preview: MediaStream | null;
  remote: RemoteMedia[];
  microphone: boolean;
  camera: boolean;
  /** A camera exists to turn on. */
  hasCamera: boolean;
  warning: MediaWarning | null;
  /**
   * Someone who had published left: a door call ends with it
   * (docs/requirements/realtime-intercom.md#door-unit-video-call: leave when the remote
   * unpublishes).
   */
  remoteLeft: boolean;
}

/** Receive figures of the first remote, for the dialog's quality line and the tests. */
export interface MediaStats {
  width: number;
  height: number;
  fps: number;
  kbps: number;
  /** Video frames decoded since the call began (self-hosted only: Agora does not count them). */
  framesDecoded?: number;
  /** Sum of the squared audio samples received (WebRTC's totalAudioEnergy); above 0 once sound arrived. */
  audioEnergy?: number;
}

/** docs/requirements/realtime-intercom.md#door-unit-video-call: microphone volume at publish, unmuted and muted. */
export const MIC_VOLUME = { publish: 400, unmuted: 200, muted: 0 } as const;

export interface MediaCall {
  getSnapshot(): MediaSnapshot;
  subscribe(listener: () => void): () => void;
  setMicrophone(on: boolean): Promise<void>;
  setCamera(on: boolean): Promise<void>;
  stats(): Promise<MediaStats | null>;
  /** Leaves the channel and stops the devices; safe to call twice. */
  leave(): Promise<void>;
}

export const INITIAL_SNAPSHOT: MediaSnapshot = {
  state: 'connecting',
  preview: null,
  remote: [],
  microphone: true,
  camera: false,
  hasCamera: false,
  warning: null,
  remoteLeft: false,
};

/** The listener bookkeeping both providers share. */
export abstract class MediaCallBase implements MediaCall {
  private snapshot: MediaSnapshot = INITIAL_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  protected closed = false;

  getSnapshot = (): MediaSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<MediaSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  abstract setMicrophone(on: boolean): Promise<void>;
  abstract setCamera(on: boolean): Promise<void>;
  abstract stats(): Promise<MediaStats | null>;
  abstract leave(): Promise<void>;
}
