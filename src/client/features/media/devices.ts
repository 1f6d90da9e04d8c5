import type { MediaWarning } from './types';

/** docs/requirements/realtime-intercom.md#media-checks, before anything is opened. */
export function environmentWarning(): MediaWarning | null {
  if (!window.isSecureContext) return 'insecure';
  if (typeof RTCPeerConnection === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'incompatible';
  return null;
}

async function track(kind: 'audio' | 'video'): Promise<MediaStreamTrack | null> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia(
      kind === 'audio'
        ? { audio: { echoCancellation: true, noiseSuppression: true } }
        : { video: { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 15 } } },
    );
    return stream.getTracks()[0] ?? null;
  } catch {
    // Refused or absent: the call goes on without it
    // (docs/requirements/realtime-intercom.md#media-checks: no camera, video stays off).
    return null;
  }
}

export const openMicrophone = (): Promise<MediaStreamTrack | null> => track('audio');
export const openCamera = (): Promise<MediaStreamTrack | null> => track('video');

export async function hasCamera(): Promise<boolean> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).some((d) => d.kind === 'videoinput');
  } catch {
    return false;
  }
}

/**
 * The microphone through a gain, so the volumes of docs/requirements/constants.md#calls-and-media
 * (400 at publish, 200 unmuted, 0 muted, in Agora's scale where 100 is the original level) mean the
 * same with the service's SFU.
 */
export class MicGain {
  private readonly ctx = new AudioContext();
  private readonly gain = this.ctx.createGain();
  private readonly out = this.ctx.createMediaStreamDestination();

  constructor(private readonly input: MediaStreamTrack) {
    this.ctx
      .createMediaStreamSource(new MediaStream([input]))
      .connect(this.gain)
      .connect(this.out);
    void this.ctx.resume().catch(() => undefined);
  }

  get track(): MediaStreamTrack {
    return this.out.stream.getAudioTracks()[0]!;
  }

  setVolume(volume: number): void {
    this.gain.gain.value = volume / 100;
  }

  close(): void {
    this.input.stop();
    this.track.stop();
    void this.ctx.close().catch(() => undefined);
  }
}

/** The service waits at most 3 s for its candidates; so do we. */
const GATHER_MS = 3000;

/** The local description once ICE gathering completes, or after GATHER_MS: the SFU takes no trickle ICE. */
export async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, GATHER_MS);
      function done() {
        clearTimeout(timer);
        pc.removeEventListener('icegatheringstatechange', check);
        resolve();
      }
      function check() {
        if (pc.iceGatheringState === 'complete') done();
      }
      pc.addEventListener('icegatheringstatechange', check);
    });
  }
  return pc.localDescription!.sdp;
}
