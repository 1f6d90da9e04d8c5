import { CONF_SERVER, type ConfEvent, type ConfMessage } from '../../../shared/conference';
import { environmentWarning, gathered, MicGain, openCamera, openMicrophone } from '../media/devices';
import { inboundStats } from '../media/stats';
import { MIC_VOLUME, type MediaWarning } from '../media/types';
import type { ConferenceClient } from './client';

export interface RemoteFeed {
  uid: string;
  stream: MediaStream;
  pc: RTCPeerConnection;
}

export interface ConfMediaSnapshot {
  /** Video: off -> on (开始通话) -> off (结束通话). */
  on: boolean;
  preview: MediaStream | null;
  remote: RemoteFeed[];
  warning: MediaWarning | null;
  /**
   * The microphone sends silence (its gain at the muted volume of
   * docs/requirements/constants.md#calls-and-media).
   */
  muted: boolean;
  /** The camera sends black frames (its track disabled). */
  cameraOff: boolean;
}

/**
 * The conference's WebRTC side on the service's SFU (docs/decisions.md, "Media"): one connection
 * publishes the microphone (through the gain of MicGain, ../media/devices.ts) and the camera, one
 * connection per other member receives it. Offers and answers travel through the conference queue
 * as `sdp` messages.
 */
export class ConferenceMedia {
  private snapshot: ConfMediaSnapshot = {
    on: false,
    preview: null,
    remote: [],
    warning: null,
    muted: false,
    cameraOff: false,
  };
  private readonly watchers = new Set<() => void>();
  private mic: MicGain | null = null;
  private cam: MediaStreamTrack | null = null;
  private publisher: RTCPeerConnection | null = null;
  private readonly subs = new Map<string, RemoteFeed>();
  /**
   * Members whose publication the room announced. The announcements of those already sending come
   * with the join, before the video is on: start() receives them then.
   */
  private readonly announced = new Set<string>();
  private readonly unlisten: () => void;

  constructor(private readonly client: ConferenceClient) {
    this.unlisten = client.listen((m, e) => void this.onMessage(m, e));
  }

  getSnapshot = (): ConfMediaSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  private set(patch: Partial<ConfMediaSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const w of [...this.watchers]) w();
  }

  private publishRemote(): void {
    this.set({ remote: [...this.subs.values()] });
  }

  /** Opens the microphone and (unless `video` is false: voice only) the camera and publishes them into the room. */
  async start(opts: { video?: boolean } = {}): Promise<void> {
    if (this.snapshot.on) return;
    const warning = environmentWarning();
    if (warning) return this.set({ warning });
    this.set({ on: true, warning: null });
    // Receiving needs no devices of our own: it starts while the camera and microphone open.
    for (const uid of this.announced) this.refresh(uid);
    const [micTrack, cam] = await Promise.all([
      openMicrophone(),
      opts.video === false ? Promise.resolve(null) : openCamera(),
    ]);
    if (!this.snapshot.on) {
      micTrack?.stop();
      cam?.stop();
      return;
    }
    if (micTrack) {
      this.mic = new MicGain(micTrack);
      this.mic.setVolume(MIC_VOLUME.publish);
    }
    this.cam = cam;
    this.set({ preview: cam ? new MediaStream([cam]) : null, warning: micTrack || cam ? null : 'noDevices' });
    const pc = new RTCPeerConnection({ iceServers: this.client.iceServers, bundlePolicy: 'max-bundle' });
    this.publisher = pc;
    if (this.mic) pc.addTransceiver(this.mic.track, { direction: 'sendonly' });
    pc.addTransceiver(this.cam ?? 'video', { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const sdp = await gathered(pc);
    if (this.publisher === pc) await this.client.sendSdp(CONF_SERVER, { type: 'offer', sdp });
  }

  /** Mute: the publication stays, its sound is silence (MIC_VOLUME.muted), so nobody renegotiates. */
  setMuted(muted: boolean): void {
    this.mic?.setVolume(muted ? MIC_VOLUME.muted : MIC_VOLUME.unmuted);
    this.set({ muted });
  }

  /** Camera off: the track sends black frames until it is on again. */
  setCameraOff(off: boolean): void {
    if (this.cam) this.cam.enabled = !off;
    this.set({ cameraOff: off });
  }

  /** 刷新: drops the member's picture and receives it anew. */
  refresh(uid: string): void {
    this.drop(uid);
    void this.client.subscribeTo(uid);
  }

  private async onMessage(m: ConfMessage, e: ConfEvent | null): Promise<void> {
    if (e?.event === 'onmedianotiy') {
      this.announced.add(e.uid);
      if (this.snapshot.on) this.refresh(e.uid);
      return;
    }
    if (e?.event === 'onactorleave') {
      this.announced.delete(e.uid);
      return this.drop(e.uid);
    }
    if (e?.event === 'onconfdidleave') {
      this.announced.clear();
      return this.stop();
    }
    if (m.type !== 'sdp' || !m.sdp || !this.snapshot.on) return;
    if (m.sdp.type === 'answer' && m.from === CONF_SERVER) {
      await this.publisher?.setRemoteDescription({ type: 'answer', sdp: m.sdp.sdp }).catch(() => undefined);
      return;
    }
    if (m.sdp.type === 'offer' && m.sdp.id) await this.receive(m.from, m.sdp.id, m.sdp.sdp);
  }

  private async receive(uid: string, id: string, offer: string): Promise<void> {
    this.drop(uid);
    const pc = new RTCPeerConnection({ iceServers: this.client.iceServers, bundlePolicy: 'max-bundle' });
    const stream = new MediaStream();
    pc.addEventListener('track', (ev) => {
      stream.addTrack(ev.track);
      this.publishRemote();
    });
    this.subs.set(uid, { uid, stream, pc });
    this.publishRemote();
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      await pc.setLocalDescription(await pc.createAnswer());
      const sdp = await gathered(pc);
      if (this.subs.get(uid)?.pc === pc) await this.client.sendSdp(uid, { type: 'answer', sdp, id });
    } catch {
      this.drop(uid);
    }
  }

  private drop(uid: string): void {
    const sub = this.subs.get(uid);
    if (!sub) return;
    this.subs.delete(uid);
    sub.pc.close();
    this.publishRemote();
  }

  /** Receive figures of one member's picture, for the tile's quality line (and the tests). */
  async stats(uid: string): Promise<{ width: number; height: number; fps: number; framesDecoded: number } | null> {
    const sub = this.subs.get(uid);
    if (!sub) return null;
    const { width, height, fps, framesDecoded } = await inboundStats(sub.pc);
    return { width, height, fps, framesDecoded };
  }

  /** Ends the video (结束通话): the publication, every picture received, the devices. */
  stop(): void {
    this.publisher?.close();
    this.publisher = null;
    for (const uid of [...this.subs.keys()]) this.drop(uid);
    this.mic?.close();
    this.mic = null;
    this.cam?.stop();
    this.cam = null;
    this.set({ on: false, preview: null, remote: [], muted: false, cameraOff: false });
  }

  close(): void {
    this.stop();
    this.unlisten();
  }
}
