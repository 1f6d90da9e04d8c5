/**
 * Teltonika TCP framing (docs/protocols.md, teltonika). The first frame of a connection is the
 * IMEI: a 2-byte length and that many ASCII digits. Every frame after it is a packet: a preamble
 * of four zero bytes, a 4-byte data length, the data (codec id, record count, records or a
 * command, record count again) and a 4-byte CRC. The framer is one connection's: it takes an
 * IMEI frame only as the first frame; later bytes that start no packet are dropped as garbage
 * until a preamble with a plausible length and codec id comes, and a stream without one in
 * `maxFrame` bytes is an error.
 */
import { ProtocolError, type Framer } from '../types';

/**
 * Largest frame accepted. FM devices send at most 1,280 bytes of records per packet by default
 * (Teltonika's "Codec" document); Codec 8 Extended records with BLE or CAN data run longer.
 */
export const MAX_FRAME = 16_384;
/** Longest IMEI frame text: an IMEI has 15 digits; no identifier of ours is over 20. */
const MAX_IMEI = 32;
/** The codec ids a packet may carry (8, 8 Extended, 16, 12, 13, 14, and GH3000's 7). */
const CODEC_IDS: ReadonlySet<number> = new Set([0x07, 0x08, 0x8e, 0x10, 0x0c, 0x0d, 0x0e]);

const EMPTY = Buffer.alloc(0);

export class TeltonikaFramer implements Framer {
  private held: Buffer = EMPTY;
  /** Whether the connection's first frame came: an IMEI frame is taken only before it. */
  private started = false;
  /** Bytes dropped since the last whole frame. */
  private skipped = 0;
  /** Bytes dropped since dropped() was last asked. */
  private junk = 0;

  constructor(private readonly maxFrame: number = MAX_FRAME) {}

  push(chunk: Buffer): Buffer[] {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < buf.length) {
      if (!this.started && pos + 1 < buf.length && buf.readUInt16BE(pos) > 0) {
        // The IMEI frame.
        const size = buf.readUInt16BE(pos);
        if (size > MAX_IMEI) {
          this.held = EMPTY;
          throw new ProtocolError(`IMEI frame of ${size} bytes`);
        }
        if (pos + 2 + size > buf.length) break;
        frames.push(buf.subarray(pos, pos + 2 + size));
        pos += 2 + size;
        this.found();
        continue;
      }
      if (!this.started && pos + 1 >= buf.length) break;
      // A packet: four zero bytes, a length, a known codec id.
      if (buf[pos] !== 0 || (pos + 4 <= buf.length && buf.readUInt32BE(pos) !== 0)) {
        pos = this.skip(pos);
        continue;
      }
      if (pos + 9 > buf.length) {
        // A start; the rest is to come (but no start holds more than a frame's worth).
        if (buf.length - pos > 8) pos = this.skip(pos);
        else break;
        continue;
      }
      const size = buf.readUInt32BE(pos + 4);
      if (size < 3 || !CODEC_IDS.has(buf[pos + 8]!)) {
        pos = this.skip(pos);
        continue;
      }
      const total = 8 + size + 4;
      if (total > this.maxFrame) {
        this.held = EMPTY;
        throw new ProtocolError(`frame of ${total} bytes over ${this.maxFrame}`);
      }
      if (pos + total > buf.length) break;
      frames.push(buf.subarray(pos, pos + total));
      pos += total;
      this.found();
    }
    // A copy: the remainder must not pin the whole chunk it came in.
    this.held = pos < buf.length ? Buffer.from(buf.subarray(pos)) : EMPTY;
    return frames;
  }

  pending(): number {
    return this.held.length;
  }

  dropped(): number {
    const n = this.junk;
    this.junk = 0;
    return n;
  }

  private found(): void {
    this.started = true;
    this.skipped = 0;
  }

  /** Drops the byte at `pos` as garbage. */
  private skip(pos: number): number {
    this.started = true;
    this.skipped++;
    this.junk++;
    if (this.skipped > this.maxFrame) {
      this.held = EMPTY;
      this.skipped = 0;
      throw new ProtocolError(`no Teltonika packet in ${this.maxFrame} bytes`);
    }
    return pos + 1;
  }
}

/**
 * The device's side (the simulator): the service's frames. The answer to the IMEI is one byte
 * (01 accepted, 00 refused); afterwards each AVL packet is answered with its record count as a
 * 4-byte number (never 0), and commands come as codec 12 packets (a preamble of zeros).
 */
export class TeltonikaReplyFramer implements Framer {
  private held: Buffer = EMPTY;
  private answered = false;

  constructor(private readonly maxFrame: number = MAX_FRAME) {}

  push(chunk: Buffer): Buffer[] {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < buf.length) {
      if (!this.answered) {
        frames.push(buf.subarray(pos, pos + 1));
        pos++;
        this.answered = true;
        continue;
      }
      if (pos + 4 > buf.length) break;
      if (buf.readUInt32BE(pos) !== 0) {
        frames.push(buf.subarray(pos, pos + 4));
        pos += 4;
        continue;
      }
      if (pos + 8 > buf.length) break;
      const total = 8 + buf.readUInt32BE(pos + 4) + 4;
      if (total > this.maxFrame) {
        this.held = EMPTY;
        throw new ProtocolError(`frame of ${total} bytes over ${this.maxFrame}`);
      }
      if (pos + total > buf.length) break;
      frames.push(buf.subarray(pos, pos + total));
      pos += total;
    }
    this.held = pos < buf.length ? Buffer.from(buf.subarray(pos)) : EMPTY;
    return frames;
  }

  pending(): number {
    return this.held.length;
  }
}
