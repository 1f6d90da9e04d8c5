import type { Socket } from 'node:net';
import type { Outcome } from '../ingest/batch';
import { ProtocolError, newSession, type Decoded, type Irregularity, type Session, type StreamCodec } from './types';

/** Limits of one device connection (docs/protocols.md "Limits"). */
export interface ConnectionLimits {
  /** Sustained frames a second, and the burst above it; beyond them the socket is read more slowly. */
  framesPerS: number;
  frameBurst: number;
  /** Seconds without a byte before the connection is closed. */
  idleS: number;
  /** Seconds a frame may stay half-sent (slowloris). */
  partialS: number;
  /** Undecodable frames one connection may send before it is closed. */
  maxErrors: number;
  /** Frames waiting for their store before the socket stops being read. */
  maxUnsettled: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  framesPerS: 20,
  frameBurst: 200,
  idleS: 600,
  partialS: 30,
  maxErrors: 20,
  maxUnsettled: 100,
};

/** What the gateway does with a connection's frames. */
export interface ConnectionHost {
  /**
   * A frame names `imei` on an unbound connection, or is a login: 'bound' when the device may use
   * the connection; 'answered' when the gateway replied itself and the connection waits for the
   * next frame (a JT/T 808 registration); 'refused' ends the connection.
   */
  bind(conn: Connection, imei: string, decoded: Decoded, frame: Buffer): Promise<'bound' | 'answered' | 'refused'>;
  /** The uplinks of a bound connection's frame, told once each what became of it. */
  store(conn: Connection, frame: Buffer, decoded: Decoded, settle: (outcome: Outcome) => void): void;
  /** A bound connection's frame carried media (a watch's voice message or photo). */
  media(conn: Connection, decoded: Decoded): void;
  /**
   * A frame accepted with irregularities (Decoded.irregular): counted for its device and protocol.
   * `judge`: the connection is bound, so its device's product decides; false when its strict
   * framing refuses the frame (the gateway counted it as an error and logged it refused). A frame
   * before or at the login is judged leniently (no device is known yet).
   */
  irregular(conn: Connection, frame: Buffer, irregular: readonly Irregularity[], judge: boolean): Promise<boolean>;
  /** A frame was received or sent (the raw log), or could not be taken (counted, `error`). */
  logged(conn: Connection, dir: 'in' | 'out', frame: Buffer, error?: string): void;
  closed(conn: Connection): void;
}

type Slot = { reply: Buffer | undefined; ready: boolean };

/**
 * One device's TCP connection: framing, decoding in order, the identity of its login, replies in
 * frame order and, where a frame carried data, only after the data was stored. Nothing the device
 * sends throws out of here.
 */
export class Connection {
  readonly session: Session = newSession();
  readonly remote: string;
  private readonly framer;
  private tokens: number;
  private refilled: number;
  private errors = 0;
  private unsettled = 0;
  private paused = false;
  private partialTimer: NodeJS.Timeout | undefined;
  /** When the frame held half-sent began (the injectable clock), undefined while none is. */
  private partialSince: number | undefined;
  /** Frames waiting behind one whose login or irregularity the gateway is still judging. */
  private queued: { frame: Buffer; slot: Slot }[] = [];
  /** A frame's asynchronous step is under way: the frames after it wait in `queued`. */
  private waiting = false;
  /** Replies in the order of their frames; a frame whose store is pending holds the ones after it. */
  private slots: Slot[] = [];
  private ended = false;

  constructor(
    readonly codec: StreamCodec,
    readonly socket: Socket,
    private readonly host: ConnectionHost,
    private readonly limits: ConnectionLimits,
    private readonly now: () => number,
  ) {
    this.framer = codec.framer();
    this.remote = socket.remoteAddress ?? '?';
    this.tokens = limits.frameBurst;
    this.refilled = now();
    socket.setNoDelay(true);
    socket.setTimeout(limits.idleS * 1000, () => this.close());
    socket.on('data', (chunk: Buffer) => this.data(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.gone());
  }

  get imei(): string | undefined {
    return this.session.imei;
  }

  /** Closed: nothing more is read or answered on it. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Sends a frame the service originated (a command); false when the connection is gone. */
  send(frame: Buffer): boolean {
    if (this.ended) return false;
    this.host.logged(this, 'out', frame);
    this.socket.write(frame);
    return true;
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.partialTimer);
    this.socket.destroy();
  }

  /** Ends the connection once what was written left (a refusal's answer). */
  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.partialTimer);
    this.socket.end();
    setTimeout(() => this.socket.destroy(), 5_000).unref();
  }

  private gone(): void {
    this.ended = true;
    clearTimeout(this.partialTimer);
    this.host.closed(this);
  }

  private data(chunk: Buffer): void {
    if (this.ended) return;
    let frames: Buffer[];
    try {
      frames = this.framer.push(chunk);
    } catch (err) {
      // The stream cannot be resynchronised (or a frame is over the size limit): nothing after it can be trusted.
      this.host.logged(this, 'in', chunk, errorText(err));
      return this.close();
    }
    // Bytes that started no frame are bad input, counted as undecodable frames are (one per
    // protocol's largest frame of them): a stream of garbage closes at maxErrors.
    const junk = this.framer.dropped?.() ?? 0;
    if (junk > 0) {
      this.host.logged(this, 'in', Buffer.from(chunk.subarray(0, 64)), `${junk} bytes without a frame start`);
      this.errors += Math.ceil(junk / Math.max(1, this.codec.maxFrame));
      if (this.errors >= this.limits.maxErrors) return this.close();
    }
    if (!this.watchPartial(frames.length > 0)) return;
    for (const frame of frames) {
      // Frames from one chunk arrive in the same turn; their replies keep their order.
      const slot: Slot = { reply: undefined, ready: false };
      this.slots.push(slot);
      this.queued.push({ frame, slot });
    }
    this.run();
    this.throttle(frames.length);
  }

  /**
   * Takes the queued frames in order, each as soon as it comes: most frames need nothing
   * asynchronous before their store (a bound connection's positions), and wait for no promise.
   * One that does (a login, an irregularity the device's product judges) holds the ones after it.
   */
  private run(): void {
    while (!this.waiting && this.queued.length) {
      const { frame, slot } = this.queued.shift()!;
      let pending: Promise<void> | undefined;
      try {
        pending = this.frame(frame, slot);
      } catch (err) {
        this.fault(frame, err);
        continue;
      }
      if (!pending) continue;
      this.waiting = true;
      pending.then(
        () => this.next(),
        (err: unknown) => {
          this.fault(frame, err);
          this.next();
        },
      );
    }
  }

  private next(): void {
    this.waiting = false;
    this.run();
  }

  private fault(frame: Buffer, err: unknown): void {
    this.host.logged(this, 'in', frame, `gateway fault: ${errorText(err)}`);
    this.close();
  }

  /**
   * A frame left half-sent closes the connection `partialS` after its first byte. Judged by the
   * clock on every chunk (a frame trickling in is cut at the limit however busy the process is),
   * and by a timer for a sender that stopped. `completed`: frames ended in this chunk, so what is
   * held now is a new frame. False when the connection was closed.
   */
  private watchPartial(completed: boolean): boolean {
    if (this.framer.pending() === 0) {
      clearTimeout(this.partialTimer);
      this.partialTimer = undefined;
      this.partialSince = undefined;
      return true;
    }
    const limitMs = this.limits.partialS * 1000;
    if (this.partialSince === undefined || completed) {
      this.partialSince = this.now();
      clearTimeout(this.partialTimer);
      this.partialTimer = setTimeout(() => {
        if (this.framer.pending() > 0) this.close();
      }, limitMs);
      return true;
    }
    if (this.now() - this.partialSince < limitMs) return true;
    this.close();
    return false;
  }

  /** Token bucket over frames: past the burst the socket is paused until it refills. */
  private throttle(n: number): void {
    const t = this.now();
    this.tokens = Math.min(this.limits.frameBurst, this.tokens + ((t - this.refilled) / 1000) * this.limits.framesPerS);
    this.refilled = t;
    this.tokens -= n;
    if (this.tokens < 0 && !this.ended) {
      this.pause();
      setTimeout(() => this.resume(), Math.ceil((-this.tokens / this.limits.framesPerS) * 1000)).unref();
    }
  }

  private pause(): void {
    if (!this.paused) this.socket.pause();
    this.paused = true;
  }

  private resume(): void {
    if (this.ended || this.unsettled >= this.limits.maxUnsettled || this.tokens < 0) {
      if (this.tokens < 0) {
        this.tokens = Math.min(0, this.tokens + this.limits.framesPerS / 10);
        setTimeout(() => this.resume(), 100).unref();
      }
      return;
    }
    if (this.paused) this.socket.resume();
    this.paused = false;
  }

  /** One frame: a promise only while it waits for the gateway (a login, an irregularity judged). */
  private frame(frame: Buffer, slot: Slot): Promise<void> | undefined {
    if (this.ended) return;
    let d: Decoded;
    try {
      d = this.codec.decode(frame, this.session, this.now());
    } catch (err) {
      // Anything else than a ProtocolError is a fault of the codec: logged the same, and the connection ends.
      this.host.logged(
        this,
        'in',
        frame,
        err instanceof ProtocolError ? err.message : `decoder fault: ${errorText(err)}`,
      );
      this.done(slot, undefined);
      if (!(err instanceof ProtocolError) || ++this.errors >= this.limits.maxErrors) this.close();
      return;
    }
    if (d.imei !== undefined && this.session.imei !== undefined && d.imei !== this.session.imei) {
      // A connection speaks for the device of its login only.
      this.host.logged(this, 'in', frame);
      this.done(slot, undefined);
      this.close();
      return;
    }
    if (this.session.imei === undefined || d.login) {
      if (d.imei === undefined) {
        // Data before a login: there is no device to store it for.
        this.host.logged(this, 'in', frame);
        this.done(slot, undefined);
        this.close();
        return;
      }
      return this.login(frame, slot, d, d.imei);
    }
    if (d.irregular?.length) return this.judged(frame, slot, d, d.irregular);
    this.host.logged(this, 'in', frame);
    this.take(slot, frame, d);
  }

  private async login(frame: Buffer, slot: Slot, d: Decoded, imei: string): Promise<void> {
    const bound = await this.host.bind(this, imei, d, frame);
    // Logged once bound, so a login opens its device's log.
    this.host.logged(this, 'in', frame);
    if (bound === 'refused') {
      // Whatever the gateway answered (a JT/T 808 refusal) was written first.
      this.done(slot, undefined);
      return this.finish();
    }
    if (d.irregular?.length) await this.host.irregular(this, frame, d.irregular, false);
    if (bound === 'answered' || d.answer) return this.done(slot, undefined);
    this.take(slot, frame, d);
  }

  private async judged(frame: Buffer, slot: Slot, d: Decoded, irregular: readonly Irregularity[]): Promise<void> {
    if (!(await this.host.irregular(this, frame, irregular, true))) {
      // Refused by the product's strict framing, as an undecodable frame is: no uplinks, no reply.
      this.done(slot, undefined);
      if (++this.errors >= this.limits.maxErrors) this.close();
      return;
    }
    this.host.logged(this, 'in', frame);
    this.take(slot, frame, d);
  }

  /** A bound connection's frame: its media, its uplinks stored, then its reply. */
  private take(slot: Slot, frame: Buffer, d: Decoded): void {
    if (d.media?.length) this.host.media(this, d);
    if (!d.uplinks.length) return this.done(slot, d.reply);
    let left = d.uplinks.length;
    let lost = false;
    this.unsettled++;
    if (this.unsettled >= this.limits.maxUnsettled) this.pause();
    this.host.store(this, frame, d, (outcome) => {
      if (outcome === 'lost') lost = true;
      if (--left > 0) return;
      this.unsettled--;
      // Not stored (overload, the database away): no acknowledgement, and the device resends on its next connection.
      if (lost) {
        this.done(slot, undefined);
        return this.close();
      }
      this.done(slot, d.reply);
      if (this.paused && this.tokens >= 0) this.resume();
    });
  }

  /** Writes the replies that are due, in frame order. */
  private done(slot: Slot, reply: Buffer | undefined): void {
    slot.reply = reply;
    slot.ready = true;
    while (this.slots.length && this.slots[0]!.ready) {
      const s = this.slots.shift()!;
      if (s.reply && !this.ended) this.send(s.reply);
    }
  }

  /** Writes a reply out of the frame order (the gateway's answer to a registration or authentication). */
  answer(frame: Buffer): void {
    this.send(frame);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
