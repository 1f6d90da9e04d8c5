import type { MediaRoomAnswer, MediaSessionAnswer } from '../../../shared/media';
import { request } from '../../lib/request';
import { environmentWarning, gathered, hasCamera, MicGain, openCamera, openMicrophone } from './devices';
import { inboundStats } from './stats';
import { MediaCallBase, MIC_VOLUME, type JoinParams, type MediaStats } from './types';

/** How often the room is read for publishers arriving and leaving (the conference protocol polls at 500 ms; a call needs less). */
const ROOM_POLL_MS = 1000;
/** A connection 'disconnected' this long is rebuilt rather than waited for. */
const RECONNECT_AFTER_MS = 2500;

interface Subscription {
  publication: number;
  pc: RTCPeerConnection;
  stream: MediaStream;
}

const call = <T>(path: string, body: unknown) =>
  request<T>('media', path, body, { quiet: true, background: true, timeoutMs: 15_000 });

/**
 * A call through the service's own SFU (/api/media): one connection publishes the microphone
 * (through MicGain, ./devices.ts) and the camera, one connection per other publisher receives it. The
 * room is read every second; a publisher that arrives is received, one that leaves is dropped.
 * Receiving never waits for the local devices: a ringing call receives before it is answered
 * (`receiveOthers`), and an answered one receives while the camera and microphone open and publish
 * (docs/performance.md, "Door call: where the time went"). After a network change (the browser
 * comes back online, or the publishing connection fails or stays disconnected) everything is
 * rebuilt: the SFU replaces a uid's publication.
 */
export class SelfHostedCall extends MediaCallBase {
  private iceServers: RTCIceServer[] = [];
  private mic: MicGain | null = null;
  private cam: MediaStreamTrack | null = null;
  private publisher: RTCPeerConnection | null = null;
  private videoSender: RTCRtpSender | null = null;
  private readonly subs = new Map<string, Subscription>();
  private readonly seen = new Set<string>();
  private poll: ReturnType<typeof setTimeout> | undefined;
  private stall: ReturnType<typeof setTimeout> | undefined;
  private rebuilding: Promise<void> | null = null;
  private receiving: Promise<void> | null = null;
  /** The service was asked for the room: from then on leaving tells it. */
  private joined = false;
  private lastBytes: { bytes: number; at: number } | null = null;
  private readonly auth: { channel: string; uid: string; token: string };
  private readonly onOnline = () => void this.reconnect();

  constructor(private readonly params: JoinParams) {
    super();
    this.auth = { channel: params.channel, uid: params.uid, token: params.token };
  }

  async start(): Promise<void> {
    const warning = environmentWarning();
    if (warning) {
      this.set({ warning, state: 'closed' });
      return;
    }
    if (this.params.receiveOnly) {
      this.set({ microphone: false, camera: false, hasCamera: false });
      window.addEventListener('online', this.onOnline);
      return this.receiveOthers().catch(() => {
        if (!this.closed) this.set({ state: 'closed', warning: 'failed' });
      });
    }
    // The picture first: the others are received while the devices open (or were already, ringing).
    const receiving = this.receiveOthers();
    receiving.catch(() => undefined);
    const [micTrack, camera] = await Promise.all([
      openMicrophone(),
      this.params.video ? hasCamera() : Promise.resolve(false),
    ]);
    if (this.closed) {
      micTrack?.stop();
      return;
    }
    if (micTrack) {
      this.mic = new MicGain(micTrack);
      this.mic.setVolume(MIC_VOLUME.publish);
    }
    if (camera) this.cam = await openCamera();
    if (this.closed) {
      this.stopDevices();
      return;
    }
    this.set({
      microphone: Boolean(micTrack),
      camera: Boolean(this.cam),
      hasCamera: camera,
      preview: this.cam ? new MediaStream([this.cam]) : null,
      warning: micTrack || this.cam ? null : 'noDevices',
    });
    window.addEventListener('online', this.onOnline);
    try {
      await receiving.catch(() => this.receiveOthers());
      if (!this.closed) await this.publish();
    } catch {
      // Join failures are swallowed (docs/requirements/realtime-intercom.md#errors); the dialog says the media is unavailable.
      if (!this.closed) this.set({ state: 'closed', warning: 'failed' });
    }
  }

  /**
   * Receives the channel's publishers, opening no device and publishing nothing: what a ringing
   * call does before it is answered, and the first step of `start`. Resolves once the room is
   * read (its publishers are then being received); a failure lets a later call try again.
   */
  receiveOthers(): Promise<void> {
    this.receiving ??= this.openRoom().catch((err: unknown) => {
      this.receiving = null;
      throw err;
    });
    return this.receiving;
  }

  /** Reads the room for the STUN/TURN servers and starts receiving its publishers. */
  private async openRoom(): Promise<void> {
    if (environmentWarning()) throw new Error('no WebRTC here');
    this.joined = true;
    const room = await call<MediaRoomAnswer>('room', this.auth);
    this.iceServers = room.iceServers;
    if (!this.closed) void this.readRoom(room);
  }

  private async connect(): Promise<void> {
    await this.openRoom();
    if (!this.closed && !this.params.receiveOnly) await this.publish();
  }

  private async publish(): Promise<void> {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: 'max-bundle' });
    this.publisher = pc;
    if (this.mic) pc.addTransceiver(this.mic.track, { direction: 'sendonly' });
    // Always a video slot, so the camera turns on and off without renegotiating.
    this.videoSender = pc.addTransceiver(this.cam ?? 'video', { direction: 'sendonly' }).sender;
    pc.addEventListener('connectionstatechange', () => this.watch(pc));
    await pc.setLocalDescription(await pc.createOffer());
    const answer = await call<MediaSessionAnswer>('publish', { ...this.auth, sdp: await gathered(pc) });
    if (this.closed || this.publisher !== pc) return;
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
  }

  private watch(pc: RTCPeerConnection): void {
    if (this.closed || (pc !== this.publisher && ![...this.subs.values()].some((s) => s.pc === pc))) return;
    clearTimeout(this.stall);
    if (pc.connectionState === 'connected') {
      if (this.getSnapshot().state !== 'connected') this.set({ state: 'connected' });
    } else if (pc.connectionState === 'failed') {
      void this.reconnect();
    } else if (pc.connectionState === 'disconnected') {
      this.set({ state: 'reconnecting' });
      this.stall = setTimeout(() => void this.reconnect(), RECONNECT_AFTER_MS);
    }
  }

  private async readRoom(known?: MediaRoomAnswer): Promise<void> {
    clearTimeout(this.poll);
    if (this.closed) return;
    try {
      const room = known ?? (await call<MediaRoomAnswer>('room', this.auth));
      if (this.closed) return;
      const others = new Map(
        room.publishers.filter((p) => p.uid !== this.params.uid).map((p) => [p.uid, p.publication]),
      );
      for (const [uid, sub] of this.subs) {
        if (others.get(uid) !== sub.publication) this.drop(uid);
      }
      let left = false;
      for (const uid of this.seen) if (!others.has(uid)) left = true;
      await Promise.all(
        [...others].filter(([uid]) => !this.subs.has(uid)).map(([uid, publication]) => this.receive(uid, publication)),
      );
      if (left && !this.getSnapshot().remoteLeft) this.set({ remoteLeft: true });
    } catch {
      // A missed read is retried at the next tick.
    }
    if (!this.closed) this.poll = setTimeout(() => void this.readRoom(), ROOM_POLL_MS);
  }

  private async receive(uid: string, publication: number): Promise<void> {
    const offer = await call<MediaSessionAnswer>('subscribe', { ...this.auth, publisher: uid }).catch(() => null);
    if (!offer || this.closed) return;
    const pc = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: 'max-bundle' });
    const stream = new MediaStream();
    pc.addEventListener('track', (e) => {
      stream.addTrack(e.track);
      this.publishRemote();
    });
    this.subs.set(uid, { publication, pc, stream });
    this.seen.add(uid);
    // Receiving only, the subscriptions are the call: their state is its state.
    if (this.params.receiveOnly) pc.addEventListener('connectionstatechange', () => this.watch(pc));
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await call('accept', { ...this.auth, id: offer.id, sdp: await gathered(pc) });
      this.publishRemote();
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

  private publishRemote(): void {
    this.set({ remote: [...this.subs].map(([uid, s]) => ({ uid, stream: s.stream })) });
  }

  /** After a network change: publish again and receive everyone anew. */
  reconnect(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.rebuilding ??= (async () => {
      this.set({ state: 'reconnecting' });
      this.publisher?.close();
      for (const uid of [...this.subs.keys()]) this.drop(uid);
      try {
        await this.connect();
      } catch {
        // Still offline: the next 'online' event or failure tries again.
        if (!this.closed) this.stall = setTimeout(() => void this.reconnect(), RECONNECT_AFTER_MS * 2);
      } finally {
        this.rebuilding = null;
      }
    })();
    return this.rebuilding;
  }

  async setMicrophone(on: boolean): Promise<void> {
    if (!this.mic) return;
    this.mic.setVolume(on ? MIC_VOLUME.unmuted : MIC_VOLUME.muted);
    this.set({ microphone: on });
  }

  async setCamera(on: boolean): Promise<void> {
    if (!this.getSnapshot().hasCamera || on === Boolean(this.cam)) return;
    if (on) {
      this.cam = await openCamera();
      if (this.closed) return this.stopDevices();
    } else {
      this.cam?.stop();
      this.cam = null;
    }
    await this.videoSender?.replaceTrack(this.cam);
    this.set({ camera: Boolean(this.cam), preview: this.cam ? new MediaStream([this.cam]) : null });
  }

  async stats(): Promise<MediaStats | null> {
    const first = this.subs.values().next().value as Subscription | undefined;
    if (!first) return null;
    const { bytes, ...video } = await inboundStats(first.pc);
    const out: MediaStats = { ...video, kbps: 0 };
    const now = performance.now();
    if (this.lastBytes) out.kbps = Math.round(((bytes - this.lastBytes.bytes) * 8) / (now - this.lastBytes.at));
    this.lastBytes = { bytes, at: now };
    return out;
  }

  private stopDevices(): void {
    this.mic?.close();
    this.mic = null;
    this.cam?.stop();
    this.cam = null;
  }

  async leave(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.poll);
    clearTimeout(this.stall);
    window.removeEventListener('online', this.onOnline);
    this.publisher?.close();
    for (const uid of [...this.subs.keys()]) this.drop(uid);
    this.stopDevices();
    this.set({ state: 'closed', preview: null, remote: [] });
    if (this.joined) await call('leave', this.auth).catch(() => undefined);
  }
}
