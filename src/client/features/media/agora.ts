import AgoraRTC, {
  type IAgoraRTCClient,
  type IAgoraRTCRemoteUser,
  type ICameraVideoTrack,
  type IMicrophoneAudioTrack,
} from 'agora-rtc-sdk-ng';
import { environmentWarning } from './devices';
import { MediaCallBase, MIC_VOLUME, type JoinParams, type MediaStats } from './types';

/**
 * A call through Agora (the service has AGORA_APP_ID): codec vp8, mode rtc, joined with the
 * appId, channel, token and uid the service handed out; the microphone at volume 400 when
 * published, 200 unmuted and 0 muted (docs/requirements/realtime-intercom.md#door-unit-video-call).
 * This module is its own chunk, loaded only when a call's appId is not `local`.
 */
export class AgoraCall extends MediaCallBase {
  private client: IAgoraRTCClient | null = null;
  private mic: IMicrophoneAudioTrack | null = null;
  private cam: ICameraVideoTrack | null = null;
  private readonly streams = new Map<string, MediaStream>();

  constructor(private readonly params: JoinParams) {
    super();
  }

  async start(): Promise<void> {
    const warning = environmentWarning() ?? (AgoraRTC.checkSystemRequirements() ? null : 'incompatible');
    if (warning) {
      this.set({ warning, state: 'closed' });
      return;
    }
    AgoraRTC.setLogLevel(3);
    const client = AgoraRTC.createClient({ mode: 'rtc', codec: 'vp8' });
    this.client = client;
    client.on('connection-state-change', (state) => {
      if (this.closed) return;
      this.set({
        state:
          state === 'CONNECTED'
            ? 'connected'
            : state === 'RECONNECTING'
              ? 'reconnecting'
              : state === 'DISCONNECTED'
                ? 'closed'
                : 'connecting',
      });
    });
    client.on('user-published', (user, mediaType) => void this.receive(user, mediaType));
    client.on('user-unpublished', (user, mediaType) => this.unpublished(user, mediaType));
    client.on('user-left', (user) => {
      this.streams.delete(String(user.uid));
      this.set({ remoteLeft: true, remote: this.remoteList() });
    });
    try {
      await client.join(this.params.appId, this.params.channel, this.params.token, Number(this.params.uid));
      const cameras = this.params.video ? await AgoraRTC.getCameras().catch(() => []) : [];
      this.mic = await AgoraRTC.createMicrophoneAudioTrack().catch(() => null);
      this.cam = cameras.length
        ? await AgoraRTC.createCameraVideoTrack({ encoderConfig: '480p_1' }).catch(() => null)
        : null;
      if (this.closed) return this.stopTracks();
      this.mic?.setVolume(MIC_VOLUME.publish);
      const tracks = [this.mic, this.cam].filter((t) => t !== null);
      if (tracks.length) await client.publish(tracks);
      this.set({
        microphone: Boolean(this.mic),
        camera: Boolean(this.cam),
        hasCamera: cameras.length > 0,
        preview: this.cam ? new MediaStream([this.cam.getMediaStreamTrack()]) : null,
        warning: tracks.length ? null : 'noDevices',
      });
    } catch {
      // Join failures are swallowed (docs/requirements/realtime-intercom.md#errors).
      if (!this.closed) this.set({ state: 'closed', warning: 'failed' });
    }
  }

  private remoteList() {
    return [...this.streams].map(([uid, stream]) => ({ uid, stream }));
  }

  private async receive(user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel'): Promise<void> {
    if (!this.client || mediaType === 'datachannel') return;
    await this.client.subscribe(user, mediaType).catch(() => undefined);
    const track = mediaType === 'audio' ? user.audioTrack : user.videoTrack;
    if (!track || this.closed) return;
    const uid = String(user.uid);
    const stream = this.streams.get(uid) ?? new MediaStream();
    for (const old of mediaType === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks())
      stream.removeTrack(old);
    stream.addTrack(track.getMediaStreamTrack());
    this.streams.set(uid, stream);
    this.set({ remote: this.remoteList() });
  }

  private unpublished(user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel'): void {
    const stream = this.streams.get(String(user.uid));
    if (!stream || mediaType === 'datachannel') return;
    for (const t of mediaType === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()) stream.removeTrack(t);
    this.set({ remote: this.remoteList() });
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (!this.mic) return;
    this.mic.setVolume(on ? MIC_VOLUME.unmuted : MIC_VOLUME.muted);
    this.set({ microphone: on });
  }

  async setCamera(on: boolean): Promise<void> {
    if (!this.cam || !this.client) return;
    await this.cam.setEnabled(on);
    this.set({ camera: on, preview: on ? new MediaStream([this.cam.getMediaStreamTrack()]) : null });
  }

  async stats(): Promise<MediaStats | null> {
    if (!this.client) return null;
    const [uid] = this.streams.keys();
    if (uid === undefined) return null;
    const video = this.client.getRemoteVideoStats()[uid];
    const audio = this.client.getRemoteAudioStats()[uid];
    return {
      width: video?.receiveResolutionWidth ?? 0,
      height: video?.receiveResolutionHeight ?? 0,
      fps: video?.renderFrameRate ?? video?.decodeFrameRate ?? 0,
      kbps: Math.round(((video?.receiveBitrate ?? 0) + (audio?.receiveBitrate ?? 0)) / 1000),
    };
  }

  private stopTracks(): void {
    this.mic?.close();
    this.cam?.close();
    this.mic = null;
    this.cam = null;
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopTracks();
    this.streams.clear();
    this.set({ state: 'closed', preview: null, remote: [] });
    await this.client?.leave().catch(() => undefined);
  }
}
