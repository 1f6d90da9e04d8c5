import { randomUUID } from 'node:crypto';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  PictureLossIndication,
  RtcpPayloadSpecificFeedback,
  RtpPacket,
  type RTCRtpTransceiver,
} from 'werift';
import { answerOffer, gathered, newPeer, watchConnection } from './peer';
import { AUDIO_LEVEL_URI, GOP_PACKETS, startsVp8KeyFrame, VOLUME_EVERY_MS, VOLUME_STEP, volumeOf } from './rtp';
import {
  SfuError,
  type LocalPublisher,
  type MediaKind,
  type PublisherInfo,
  type RtpTap,
  type SfuOptions,
} from './sfu-api';

/**
 * The service's own selective forwarding unit (docs/decisions.md, "Media"): every participant
 * publishes its microphone and camera on one peer connection, and receives each other publisher
 * on a connection of its own, so nobody renegotiates when someone joins or leaves. The SFU never
 * decodes: it forwards RTP, rewriting what the receiving connection negotiated (SSRC, payload
 * type, header extensions), and asks a publisher for a key frame when a subscriber starts or
 * loses the picture. It keeps each picture since its last key frame, so a new subscriber gets a
 * decodable picture at once rather than at the publisher's next key frame (docs/performance.md,
 * "Door call: where the time went"). Opus and VP8 only: what the door units, the browsers and
 * Agora's `vp8` mode all speak.
 */

// Its parts: sfu-api.ts (the types callers see), rtp.ts (codecs, levels, key frames), peer.ts
// (making, answering and watching connections).
export * from './sfu-api';
export { startsVp8KeyFrame, volumeOf } from './rtp';

interface Publisher {
  id: string;
  publication: number;
  room: string;
  uid: string;
  /** The publisher's connection; absent for a local publisher (a camera bridged in this process). */
  pc?: RTCPeerConnection;
  /** A local publisher's way to make a key frame (its encoder makes them on a timer anyway). */
  keyFrame?: () => void;
  tracks: Map<MediaKind, MediaStreamTrack>;
  receivers: Map<MediaKind, RTCRtpTransceiver>;
  subscribers: Set<Subscriber>;
  /** Listeners of the raw RTP (the recorder), besides the subscribers. */
  taps: Set<RtpTap>;
  /** RTP packets forwarded, per kind (the bench and the tests read it). */
  forwarded: Record<MediaKind, number>;
  /** The video's packets since its last key frame, as they arrived (empty: none yet, or more than `gopPackets` since). */
  gop: Buffer[];
  /** The loudest audio level (-dBov, 0 loudest, 127 silence) since the last volume report, and the volume last reported. */
  level?: { loudest: number; reported: number };
}

interface Subscriber {
  id: string;
  room: string;
  uid: string;
  publisher: Publisher;
  pc: RTCPeerConnection;
  tracks: Map<MediaKind, MediaStreamTrack>;
}

/** A session only its own uid, in its own room, may answer or end: a token admits one channel. */
function owned<S extends { room: string; uid: string }>(
  session: S | undefined,
  room: string,
  uid: string,
): S | undefined {
  return session?.room === room && session.uid === uid ? session : undefined;
}

export class Sfu {
  private readonly publishers = new Map<string, Publisher>();
  private readonly subscribers = new Map<string, Subscriber>();
  private readonly listeners = new Set<(room: string) => void>();
  private readonly volumeListeners = new Set<(room: string, uid: string, volume: number) => void>();
  private volumeTimer?: ReturnType<typeof setInterval>;
  private readonly maxParticipants: number;
  private readonly connectTimeoutMs: number;
  private readonly gopPackets: number;
  private publications = 0;

  constructor(private readonly options: SfuOptions = {}) {
    this.maxParticipants = options.maxParticipants ?? 16;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    this.gopPackets = options.gopPackets ?? GOP_PACKETS;
  }

  /** Called with the room's name whenever a publisher arrives or leaves. */
  onRoomChange(listener: (room: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called every VOLUME_EVERY_MS with each publisher whose volume (0-100, from the audio level
   * browsers send with each packet) changed by a step or more since it was last reported.
   */
  onVolume(listener: (room: string, uid: string, volume: number) => void): () => void {
    this.volumeListeners.add(listener);
    this.volumeTimer ??= setInterval(() => this.reportVolumes(), VOLUME_EVERY_MS);
    this.volumeTimer.unref?.();
    return () => {
      this.volumeListeners.delete(listener);
      if (this.volumeListeners.size === 0) {
        clearInterval(this.volumeTimer);
        this.volumeTimer = undefined;
      }
    };
  }

  private reportVolumes(): void {
    for (const p of this.publishers.values()) {
      if (!p.level) continue;
      const volume = volumeOf(p.level.loudest);
      p.level.loudest = 127;
      if (Math.abs(volume - p.level.reported) < VOLUME_STEP && !(volume === 0 && p.level.reported > 0)) continue;
      p.level.reported = volume;
      for (const listener of this.volumeListeners) listener(p.room, p.uid, volume);
    }
  }

  /** The room's publishers, oldest first. */
  room(room: string): PublisherInfo[] {
    return [...this.publishers.values()]
      .filter((p) => p.room === room)
      .map((p) => ({ uid: p.uid, kinds: [...p.tracks.keys()], publication: p.publication }));
  }

  /** Forwarded packet counts of a room's publishers (figures for the bench). */
  stats(room: string): { uid: string; forwarded: Record<MediaKind, number>; subscribers: number }[] {
    return [...this.publishers.values()]
      .filter((p) => p.room === room)
      .map((p) => ({ uid: p.uid, forwarded: { ...p.forwarded }, subscribers: p.subscribers.size }));
  }

  /**
   * `uid` publishes into `room` with the browser's (or device's) offer; answers with the SFU's
   * answer, ICE candidates included (no trickle). A uid that publishes again replaces its
   * earlier connection, as a console does after a network change.
   */
  async publish(room: string, uid: string, offer: string): Promise<{ id: string; sdp: string }> {
    const existing = [...this.publishers.values()].find((p) => p.room === room && p.uid === uid);
    if (existing) this.closePublisher(existing);
    else if (this.room(room).length >= this.maxParticipants) throw new SfuError('roomFull', `room ${room} is full`);

    const pc = newPeer(this.options);
    const publisher: Publisher = {
      id: randomUUID(),
      publication: ++this.publications,
      room,
      uid,
      pc,
      tracks: new Map(),
      receivers: new Map(),
      subscribers: new Set(),
      taps: new Set(),
      forwarded: { audio: 0, video: 0 },
      gop: [],
    };
    pc.onRemoteTransceiverAdded.subscribe((transceiver) => this.receive(publisher, transceiver));
    this.publishers.set(publisher.id, publisher);
    watchConnection(pc, this.connectTimeoutMs, () => this.closePublisher(publisher));
    try {
      const sdp = await answerOffer(pc, offer);
      this.emit(room);
      return { id: publisher.id, sdp };
    } catch (err) {
      this.closePublisher(publisher);
      throw err;
    }
  }

  /**
   * `uid` publishes from inside this process (a camera bridged by ffmpeg,
   * src/server/media/camera-bridge.ts): RTP written to the returned publisher is forwarded like
   * a connection's, without the connection's encryption. A uid publishing again replaces it.
   */
  publishLocal(room: string, uid: string, kinds: MediaKind[], keyFrame?: () => void): LocalPublisher {
    const existing = [...this.publishers.values()].find((p) => p.room === room && p.uid === uid);
    if (existing) this.closePublisher(existing);
    else if (this.room(room).length >= this.maxParticipants) throw new SfuError('roomFull', `room ${room} is full`);
    const publisher: Publisher = {
      id: randomUUID(),
      publication: ++this.publications,
      room,
      uid,
      keyFrame,
      tracks: new Map(kinds.map((kind) => [kind, new MediaStreamTrack({ kind })])),
      receivers: new Map(),
      subscribers: new Set(),
      taps: new Set(),
      forwarded: { audio: 0, video: 0 },
      gop: [],
    };
    this.publishers.set(publisher.id, publisher);
    this.emit(room);
    return {
      write: (kind, rtp) => {
        if (this.publishers.has(publisher.id) && publisher.tracks.has(kind)) this.forward(publisher, kind, rtp);
      },
      subscribers: () => publisher.subscribers.size + publisher.taps.size,
      close: () => this.closePublisher(publisher),
    };
  }

  /** `uid` receives `publisherUid`'s media: the SFU's offer, to be answered with `answer`. */
  async subscribe(room: string, uid: string, publisherUid: string): Promise<{ id: string; sdp: string }> {
    const publisher = [...this.publishers.values()].find((p) => p.room === room && p.uid === publisherUid);
    if (!publisher) throw new SfuError('noSuchPublisher', `${publisherUid} does not publish in ${room}`);
    const pc = newPeer(this.options);
    const subscriber: Subscriber = { id: randomUUID(), room, uid, publisher, pc, tracks: new Map() };
    for (const kind of ['audio', 'video'] as const) {
      const track = new MediaStreamTrack({ kind });
      const transceiver = pc.addTransceiver(track, { direction: 'sendonly' });
      subscriber.tracks.set(kind, track);
      // A subscriber that lost the picture asks for a key frame; the publisher makes it.
      if (kind === 'video') {
        transceiver.sender.onRtcp.subscribe((rtcp) => {
          if (rtcp instanceof RtcpPayloadSpecificFeedback && rtcp.feedback instanceof PictureLossIndication) {
            this.requestKeyFrame(publisher);
          }
        });
        // The sender drops what it is given before its transport is up; once it is, the kept
        // picture goes first, before any packet that arrives after.
        transceiver.sender.onReady.subscribe(() => this.catchUp(subscriber));
      }
    }
    publisher.subscribers.add(subscriber);
    this.subscribers.set(subscriber.id, subscriber);
    watchConnection(pc, this.connectTimeoutMs, () => this.closeSubscriber(subscriber));
    pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.requestKeyFrame(publisher);
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return { id: subscriber.id, sdp: pc.localDescription!.sdp };
  }

  /** `uid`'s answer to the SFU's offer of subscription `id` in `room`. */
  async accept(room: string, uid: string, id: string, sdp: string): Promise<void> {
    const subscriber = owned(this.subscribers.get(id), room, uid);
    if (!subscriber) throw new SfuError('noSuchSession', `no subscription ${id}`);
    try {
      await subscriber.pc.setRemoteDescription({ type: 'answer', sdp });
    } catch (err) {
      this.closeSubscriber(subscriber);
      throw new SfuError('badSdp', err instanceof Error ? err.message : String(err));
    }
  }

  /**
   * Ends `uid`'s publication or subscription `id` in `room` (hang-up, leaving the room). Unknown
   * ids, and sessions of another uid or room, are ignored.
   */
  leave(room: string, uid: string, id: string): void {
    const publisher = owned(this.publishers.get(id), room, uid);
    if (publisher) this.closePublisher(publisher);
    const subscriber = owned(this.subscribers.get(id), room, uid);
    if (subscriber) this.closeSubscriber(subscriber);
  }

  /** Everything a uid has in a room (its publication and subscriptions), e.g. at hang-up. */
  leaveRoom(room: string, uid: string): void {
    for (const p of [...this.publishers.values()]) if (p.room === room && p.uid === uid) this.closePublisher(p);
    for (const s of [...this.subscribers.values()]) if (s.room === room && s.uid === uid) this.closeSubscriber(s);
  }

  async close(): Promise<void> {
    clearInterval(this.volumeTimer);
    for (const p of [...this.publishers.values()]) this.closePublisher(p);
  }

  private receive(publisher: Publisher, transceiver: RTCRtpTransceiver): void {
    const kind = transceiver.kind as MediaKind;
    if (kind !== 'audio' && kind !== 'video') return;
    publisher.receivers.set(kind, transceiver);
    transceiver.onTrack.subscribe((track) => {
      publisher.tracks.set(kind, track);
      this.emit(publisher.room);
      // The audio level's extension id is the one the publisher's offer gave it.
      const levelId =
        kind === 'audio' ? transceiver.headerExtensions.find((e) => e.uri === AUDIO_LEVEL_URI)?.id : undefined;
      if (levelId !== undefined) publisher.level = { loudest: 127, reported: 0 };
      track.onReceiveRtp.subscribe((rtp) => {
        if (levelId !== undefined) this.noteLevel(publisher, levelId, rtp);
        this.forward(publisher, kind, rtp);
      });
    });
  }

  /** RFC 6464: one byte, the voice-activity bit and the level in -dBov. */
  private noteLevel(publisher: Publisher, id: number, rtp: RtpPacket): void {
    const ext = rtp.header.extensions.find((e) => e.id === id);
    if (!ext?.payload.length || !publisher.level) return;
    const level = ext.payload[0]! & 0x7f;
    if (level < publisher.level.loudest) publisher.level.loudest = level;
  }

  private forward(publisher: Publisher, kind: MediaKind, rtp: RtpPacket): void {
    publisher.forwarded[kind] += 1;
    const raw = kind === 'video' ? this.keep(publisher, rtp) : undefined;
    if (publisher.subscribers.size === 0 && publisher.taps.size === 0) return;
    this.send(publisher, kind, raw ?? rtp.serialize());
  }

  /** Keeps a video packet in the publisher's picture since its last key frame; its serialized form. */
  private keep(publisher: Publisher, rtp: RtpPacket): Buffer {
    const raw = rtp.serialize();
    if (startsVp8KeyFrame(rtp.payload)) publisher.gop = [raw];
    else if (publisher.gop.length >= this.gopPackets) publisher.gop = [];
    else if (publisher.gop.length) publisher.gop.push(raw);
    return raw;
  }

  /**
   * A new subscriber's first video: the kept key frame and the frames since, at once. Their
   * timestamps are pressed together, ending at the newest one's, so the receiver shows them
   * straight away and goes on with the live frames without the picture lagging behind the sound.
   */
  private catchUp(subscriber: Subscriber): void {
    const track = subscriber.tracks.get('video');
    const kept = subscriber.publisher.gop;
    if (!track || !this.subscribers.has(subscriber.id) || !kept.length) return;
    const packets = kept.map((raw) => RtpPacket.deSerialize(raw));
    const stamps = [...new Set(packets.map((p) => p.header.timestamp))];
    const newest = stamps.at(-1)!;
    const order = new Map(stamps.map((ts, i) => [ts, stamps.length - 1 - i]));
    for (const packet of packets) {
      packet.header.timestamp = (newest - order.get(packet.header.timestamp)!) >>> 0;
      packet.header.extensions = [];
      packet.header.extension = false;
      track.writeRtp(packet);
    }
  }

  private send(publisher: Publisher, kind: MediaKind, raw: Buffer): void {
    for (const tap of publisher.taps) tap(kind, raw);
    // Each connection rewrites the header it sends, so each gets its own copy; the publisher's
    // extensions mean nothing there.
    for (const subscriber of publisher.subscribers) {
      const track = subscriber.tracks.get(kind);
      if (!track) continue;
      const copy = RtpPacket.deSerialize(raw);
      copy.header.extensions = [];
      copy.header.extension = false;
      track.writeRtp(copy);
    }
  }

  /**
   * `uid`'s RTP in `room` as it arrives, until the returned function is called or the publisher
   * leaves; a key frame is asked for at once, so a recording starts with a picture.
   */
  tap(room: string, uid: string, listener: RtpTap): () => void {
    const publisher = [...this.publishers.values()].find((p) => p.room === room && p.uid === uid);
    if (!publisher) throw new SfuError('noSuchPublisher', `${uid} does not publish in ${room}`);
    publisher.taps.add(listener);
    this.requestKeyFrame(publisher);
    return () => publisher.taps.delete(listener);
  }

  /** Asks `uid` in `room` for a key frame again (the recorder, until one reaches it); nothing if it left. */
  keyFrame(room: string, uid: string): void {
    const publisher = [...this.publishers.values()].find((p) => p.room === room && p.uid === uid);
    if (publisher) this.requestKeyFrame(publisher);
  }

  private requestKeyFrame(publisher: Publisher): void {
    if (publisher.keyFrame) return publisher.keyFrame();
    const track = publisher.tracks.get('video');
    const receiver = publisher.receivers.get('video')?.receiver;
    if (track?.ssrc !== undefined && receiver) void receiver.sendRtcpPLI(track.ssrc).catch(() => undefined);
  }

  private closePublisher(publisher: Publisher): void {
    if (!this.publishers.delete(publisher.id)) return;
    for (const subscriber of [...publisher.subscribers]) this.closeSubscriber(subscriber);
    void publisher.pc?.close().catch(() => undefined);
    this.emit(publisher.room);
  }

  private closeSubscriber(subscriber: Subscriber): void {
    if (!this.subscribers.delete(subscriber.id)) return;
    subscriber.publisher.subscribers.delete(subscriber);
    void subscriber.pc.close().catch(() => undefined);
  }

  private emit(room: string): void {
    for (const listener of this.listeners) listener(room);
  }
}
