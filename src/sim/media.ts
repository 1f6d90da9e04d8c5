/**
 * A simulated door unit's call media (docs/device-protocol.md, "A door call's media"): it asks for
 * its call token with its own credentials, publishes a test pattern and a tone into the call's
 * channel on the service's SFU, receives the operator who answers, and leaves when the operator
 * hangs up or the hold time runs out. Signalling is plain HTTP (routes under /api/media), full
 * SDPs, no trickle ICE.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  MediaStreamTrack,
  RTCPeerConnection,
  RTCRtpCodecParameters,
  RtpPacket,
  type PeerConfig,
  type RTCIceServer,
} from 'werift';
import { isSuccessCode, type Envelope } from '../shared/api';
import type { BuildTokenAnswer } from '../shared/alarms/api';
import type { MediaRoomAnswer, MediaSessionAnswer } from '../shared/media';
import { startMediaSource, type MediaKind, type MediaSource } from './media-source';

interface CallMediaOptions {
  /** http://host:port of the service. */
  httpBase: string;
  imei: string;
  /** The door unit's MQTT secret: its credentials for the token. */
  secret: string;
  roomNo: string;
  /** Longest the call is held, answered or not. */
  holdS: number;
  log: (line: string) => void;
  /** ffmpeg to run (default: src/shared/media-tools.ts's: FFMPEG_PATH, the PATH's, the packaged build). */
  ffmpeg?: string;
  /**
   * The channel, uid and token when the service handed them over (a `videoCall` invitation);
   * without them a door unit asks for its call channel's token with its credentials.
   */
  auth?: { channel: string; uid: string; token: string };
  /** Receive this uid only (the inviter); default: the first other publisher. */
  operatorUid?: string;
  /**
   * Watched, not called (the monitoring wall): stay while someone receives the device, leave
   * UNWATCHED_MS after the last one stopped; whoever publishes in the room is heard (talk), and
   * their leaving does not end it.
   */
  whileWatched?: boolean;
  /** With whileWatched: how long without a viewer ends it (UNWATCHED_MS). */
  unwatchedMs?: number;
  /** How the log lines name the device and call (default `door unit <imei> room <roomNo>`). */
  label?: string;
  /** Operator's audio packets before the door unit says it heard them (50: a second of Opus). */
  heardAfter?: number;
  pollMs?: number;
}

interface Heard {
  uid: string;
  audioPackets: number;
  audioBytes: number;
  videoFrames: number;
}

type CallEnd = 'hungUp' | 'holdOver' | 'unwatched' | 'stopped' | 'failed';

export interface CallMedia {
  /** Whether the door unit's audio and video flow into the room (false: the call failed or stopped first). */
  published: Promise<boolean>;
  /** The operator heard, or undefined when the call ended first. */
  heard: Promise<Heard | undefined>;
  /** Why the call ended, once everything (peers, ffmpeg, the room) is cleaned up. */
  ended: Promise<CallEnd>;
  /** RTP packets handed to the publishing connection, per kind. */
  sent(): Record<MediaKind, number>;
  /** ffmpeg's process id while it runs (tests check it is gone). */
  ffmpegPid(): number | undefined;
  stop(): Promise<void>;
}

const CODECS: PeerConfig['codecs'] = {
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/VP8',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
    }),
  ],
};
const GATHER_MS = 3_000;
const REQUEST_MS = 15_000;
/** How long a connection to the SFU may take to come up before it is tried again, and how often. */
const CONNECT_MS = 5_000;
const CONNECT_ATTEMPTS = 3;
/** Room polls that may fail in a row before the door unit gives up. */
const POLL_FAILURES = 5;
/** A watched device leaves this long after the last viewer stopped receiving it (or after publishing, if nobody came). */
const UNWATCHED_MS = 15_000;

const isLoopback = (base: string) => /^(localhost|127\.|\[::1\])/.test(new URL(base).host);

/** The connection's description once its candidates are in it (at most GATHER_MS). */
async function gathered(pc: RTCPeerConnection): Promise<string> {
  if (pc.iceGatheringState !== 'complete') {
    await Promise.race([pc.iceGatheringStateChange.watch((s) => s === 'complete'), sleep(GATHER_MS)]);
  }
  return pc.localDescription!.sdp;
}

class DoorCall implements CallMedia {
  readonly published: Promise<boolean>;
  readonly heard: Promise<Heard | undefined>;
  readonly ended: Promise<CallEnd>;
  private readonly abort = new AbortController();
  private readonly peers: RTCPeerConnection[] = [];
  private readonly counts: Record<MediaKind, number> = { audio: 0, video: 0 };
  private reason?: CallEnd;
  private lastWatched = 0;
  private source?: MediaSource;
  private auth?: { channel: string; uid: string; token: string };
  private iceServers: RTCIceServer[] = [];
  private operator?: Heard;
  private subscription?: { pc: RTCPeerConnection; publication: number };
  private outbound?: { pc: RTCPeerConnection; tracks: Record<MediaKind, MediaStreamTrack> };
  private resolvePublished!: (ok: boolean) => void;
  private resolveHeard!: (heard: Heard | undefined) => void;
  private readonly hold: NodeJS.Timeout;

  constructor(private readonly o: CallMediaOptions) {
    this.published = new Promise((r) => (this.resolvePublished = r));
    this.heard = new Promise((r) => (this.resolveHeard = r));
    this.hold = setTimeout(() => this.finish('holdOver'), o.holdS * 1000);
    this.ended = this.run();
  }

  sent = () => ({ ...this.counts });
  ffmpegPid = () => this.source?.pid;

  async stop(): Promise<void> {
    this.finish('stopped');
    await this.ended;
  }

  /** Ends the call from anywhere: the running step is aborted and run() cleans up. */
  private finish(reason: CallEnd): void {
    this.reason ??= reason;
    this.abort.abort();
  }

  private get line() {
    return this.o.label ?? `door unit ${this.o.imei} room ${this.o.roomNo}`;
  }

  private async run(): Promise<CallEnd> {
    try {
      await this.publish();
      this.resolvePublished(true);
      this.lastWatched = Date.now();
      this.o.log(
        `${this.line}: publishing a test pattern and a tone in channel ${this.auth!.channel} as uid ${this.auth!.uid}`,
      );
      let failures = 0;
      while (!this.abort.signal.aborted) {
        await sleep(this.o.pollMs ?? 1000, undefined, { signal: this.abort.signal });
        try {
          await this.poll();
          failures = 0;
        } catch (err) {
          if (this.abort.signal.aborted) break;
          if (++failures >= POLL_FAILURES) throw err;
        }
      }
    } catch (err) {
      if (!this.abort.signal.aborted) {
        this.o.log(`${this.line}: the call's media failed: ${(err as Error).message}`);
        this.reason ??= 'failed';
      }
    }
    clearTimeout(this.hold);
    await this.cleanup();
    const reason = this.reason ?? 'stopped';
    const heard = this.operator
      ? `, heard ${this.operator.audioPackets} audio packets of uid ${this.operator.uid}`
      : ', nobody answered';
    this.o.log(
      `${this.line}: left the call (${reason}); sent ${this.counts.audio} audio and ${this.counts.video} video packets${heard}`,
    );
    this.resolvePublished(false);
    this.resolveHeard(undefined);
    return reason;
  }

  private async api<T>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
    signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_MS)]),
  ): Promise<T> {
    const res = await fetch(`${this.o.httpBase}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    const env = (await res.json().catch(() => ({ code: res.status, msg: `HTTP ${res.status}` }))) as Envelope<T>;
    if (!isSuccessCode(env.code)) throw new Error(`${path}: ${env.msg || `code ${env.code}`}`);
    return env.data;
  }

  private peer(): RTCPeerConnection {
    const pc = new RTCPeerConnection({
      codecs: CODECS,
      iceServers: this.iceServers,
      iceAdditionalHostAddresses: isLoopback(this.o.httpBase) ? ['127.0.0.1'] : undefined,
      bundlePolicy: 'max-bundle',
    });
    this.peers.push(pc);
    return pc;
  }

  /** Token, then the publishing connection, up and running, then ffmpeg feeding it. */
  private async publish(): Promise<void> {
    if (this.o.auth) this.auth = this.o.auth;
    else {
      const basic = Buffer.from(`${this.o.imei}:${this.o.secret}`).toString('base64');
      const token = await this.api<BuildTokenAnswer>(
        '/api/device/voiceNet/deviceToken',
        { roomNo: this.o.roomNo },
        { authorization: `Basic ${basic}` },
      );
      this.auth = { channel: token.channel, uid: token.deviceUid, token: token.deviceToken };
    }
    this.iceServers = (await this.api<MediaRoomAnswer>('/api/media/room', this.auth)).iceServers ?? [];

    for (let attempt = 1; ; attempt++) {
      const pc = this.peer();
      const tracks = { audio: new MediaStreamTrack({ kind: 'audio' }), video: new MediaStreamTrack({ kind: 'video' }) };
      pc.addTransceiver(tracks.audio, { direction: 'sendonly' });
      pc.addTransceiver(tracks.video, { direction: 'sendonly' });
      this.outbound = { pc, tracks };
      await pc.setLocalDescription(await pc.createOffer());
      const answer = await this.api<MediaSessionAnswer>('/api/media/publish', {
        ...this.auth,
        sdp: await gathered(pc),
      });
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      if (await this.connects(pc)) break;
      // A DTLS handshake can stall when either side is very busy; publishing again replaces the stalled publication.
      await this.drop(pc);
      if (attempt >= CONNECT_ATTEMPTS) throw new Error(`no connection to the SFU after ${attempt} attempts`);
      this.o.log(`${this.line}: the connection to the SFU did not come up in ${CONNECT_MS / 1000} s; publishing again`);
    }
    this.outbound.pc.connectionStateChange.subscribe((state) => {
      if (state !== 'failed' || this.abort.signal.aborted) return;
      this.o.log(`${this.line}: the connection to the SFU failed`);
      this.finish('failed');
    });
    // ffmpeg starts once the connection is up, so its first frame, a key frame, reaches the SFU as a
    // real unit's encoder starting with the call would: the SFU keeps it for the consoles that ring.
    this.source = await startMediaSource({
      ffmpeg: this.o.ffmpeg,
      roomNo: this.o.roomNo,
      maxS: this.o.holdS + 10,
      onRtp: (kind, packet) => {
        const out = this.outbound;
        if (out?.pc.connectionState !== 'connected') return;
        let rtp: RtpPacket;
        try {
          rtp = RtpPacket.deSerialize(packet);
        } catch {
          return;
        }
        this.counts[kind] += 1;
        // werift's sender rewrites SSRC, payload type and sequence to what the connection negotiated.
        out.tracks[kind].writeRtp(rtp);
      },
    });
    void this.source.exited.then(({ code, stderr }) => {
      if (this.abort.signal.aborted) return;
      this.o.log(`${this.line}: ffmpeg stopped (exit ${code})${stderr ? `: ${stderr.split('\n').at(-1)}` : ''}`);
      this.finish('failed');
    });
  }

  /** Whether `pc` connects within CONNECT_MS (an abort ends the wait). */
  private async connects(pc: RTCPeerConnection): Promise<boolean> {
    if (pc.connectionState !== 'connected') {
      await Promise.race([
        pc.connectionStateChange.watch((s) => s === 'connected' || s === 'failed'),
        sleep(CONNECT_MS, undefined, { signal: this.abort.signal }),
      ]);
    }
    return pc.connectionState === 'connected';
  }

  /** The room now: subscribe to the operator who appears (anew when they publish again), end the call when they leave. */
  private async poll(): Promise<void> {
    const { publishers, watchers } = await this.api<MediaRoomAnswer>('/api/media/room', this.auth);
    // Its own publication gone: the service took it out (the conference ended, the room closed).
    if (!publishers.some((p) => p.uid === this.auth!.uid)) {
      this.o.log(`${this.line}: the service ended the call`);
      this.finish('hungUp');
      return;
    }
    if (this.o.whileWatched) {
      if (watchers > 0) this.lastWatched = Date.now();
      else if (Date.now() - this.lastWatched > (this.o.unwatchedMs ?? UNWATCHED_MS)) {
        this.o.log(`${this.line}: nobody watches any more`);
        this.finish('unwatched');
        return;
      }
    }
    const op = this.operator;
    if (!op) {
      const first = publishers.find(
        (p) => p.uid !== this.auth!.uid && (!this.o.operatorUid || p.uid === this.o.operatorUid),
      );
      if (first) await this.subscribe(first.uid, first.publication);
      return;
    }
    const now = publishers.find((p) => p.uid === op.uid);
    if (!now && this.o.whileWatched) {
      // The viewer stopped talking: the device stays on the wall.
      this.o.log(`${this.line}: uid ${op.uid} stopped talking`);
      if (this.subscription) await this.drop(this.subscription.pc);
      this.subscription = undefined;
      this.operator = undefined;
    } else if (!now) {
      this.o.log(`${this.line}: the operator (uid ${op.uid}) hung up`);
      this.finish('hungUp');
    } else if (now.publication !== this.subscription?.publication) {
      await this.subscribe(op.uid, now.publication);
    }
  }

  private async subscribe(uid: string, publication: number): Promise<void> {
    const offer = await this.api<MediaSessionAnswer>('/api/media/subscribe', { ...this.auth, publisher: uid });
    const pc = this.peer();
    // Counts go on across a re-subscription: the same operator after a network change.
    const heard: Heard = this.operator ?? { uid, audioPackets: 0, audioBytes: 0, videoFrames: 0 };
    const threshold = this.o.heardAfter ?? 50;
    pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        if (track.kind === 'video') {
          if (rtp.header.marker) heard.videoFrames += 1;
          return;
        }
        heard.audioPackets += 1;
        heard.audioBytes += rtp.payload.length;
        if (heard.audioPackets === threshold) {
          this.o.log(
            `${this.line}: heard the operator (uid ${uid}): ${heard.audioPackets} audio packets (${heard.audioBytes} bytes), ${heard.videoFrames} video frames`,
          );
          this.resolveHeard({ ...heard });
        }
      });
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await this.api('/api/media/accept', { ...this.auth, id: offer.id, sdp: await gathered(pc) });
      if (!(await this.connects(pc)))
        throw new Error(`no connection for the operator's media in ${CONNECT_MS / 1000} s`);
    } catch (err) {
      // The next poll tries again with a connection of its own.
      await this.drop(pc);
      await this.api('/api/media/leave', { ...this.auth, id: offer.id }).catch(() => undefined);
      throw err;
    }
    const previous = this.subscription;
    this.subscription = { pc, publication };
    if (previous) await this.drop(previous.pc);
    else this.o.log(`${this.line}: the operator (uid ${uid}) answered; receiving them`);
    this.operator = heard;
  }

  private async drop(pc: RTCPeerConnection): Promise<void> {
    // Dropped once: a second drop of the same connection must not take another (index -1 is the last).
    const at = this.peers.indexOf(pc);
    if (at >= 0) this.peers.splice(at, 1);
    await pc.close().catch(() => undefined);
  }

  /** Every path ends here: out of the room, ffmpeg gone, connections closed. */
  private async cleanup(): Promise<void> {
    if (this.auth) {
      await this.api('/api/media/leave', this.auth, {}, AbortSignal.timeout(5000)).catch((err: Error) =>
        this.o.log(`${this.line}: leave: ${err.message}`),
      );
    }
    await this.source?.stop();
    await Promise.all(this.peers.map((pc) => pc.close().catch(() => undefined)));
  }
}

/** Starts a door unit's call media at once; `stop()` or `ended` tell when it is over. */
export function startCallMedia(opts: CallMediaOptions): CallMedia {
  return new DoorCall(opts);
}
