/**
 * GT06 framing: 0x78 0x78 + one length byte, or 0x79 0x79 + two (the "long" packets), the
 * length counting protocol number, content, serial and CRC, then 0x0D 0x0A. A start whose
 * declared frame does not end in 0x0D 0x0A has a length that disagrees with its content (devices
 * on the market send such frames, and Traccar takes them): the frame is cut at the first 0x0D 0x0A
 * after the start, unless a whole frame starting inside it ends there (then the start was
 * garbage, and the search resumes one byte later). While the declared frame is still arriving, a
 * cut is made only where the bytes before the stop bits carry their own CRC, so a frame split by
 * TCP is not cut at a 0x0D 0x0A of its content. The decoder marks the mismatch (docs/protocols.md).
 */
import { crcItu } from './crc';
import { ProtocolError, type Framer } from '../types';

/** Long packets (0x7979) run to a few hundred bytes; nothing a tracker sends nears this. */
export const MAX_FRAME = 2048;

const EMPTY = Buffer.alloc(0);

export class Gt06Framer implements Framer {
  private held: Buffer = EMPTY;
  /** Bytes dropped since the last whole frame: past maxFrame the stream is not GT06. */
  private skipped = 0;
  /** Bytes dropped since dropped() was last asked. */
  private junk = 0;

  constructor(private readonly maxFrame: number) {}

  push(chunk: Buffer): Buffer[] {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < buf.length) {
      const b = buf[pos];
      if ((b !== 0x78 && b !== 0x79) || (pos + 1 < buf.length && buf[pos + 1] !== b)) {
        pos = this.skip(pos);
        continue;
      }
      const head = b === 0x79 ? 4 : 3;
      if (pos + head > buf.length) break;
      const total = head + (head === 4 ? buf.readUInt16BE(pos + 2) : buf[pos + 2]!) + 2;
      if (total > this.maxFrame) {
        this.held = EMPTY;
        throw new ProtocolError(`frame of ${total} bytes over ${this.maxFrame}`);
      }
      const complete = pos + total <= buf.length;
      let end = pos + total;
      if (!complete || buf[end - 2] !== 0x0d || buf[end - 1] !== 0x0a) {
        const stop = stopAfter(buf, pos + head + 1);
        if (stop < 0 || (!complete && !sealed(buf, pos, stop))) {
          // Wait for the rest, unless this start has held more than a frame's worth: then it was garbage.
          if (buf.length - pos <= this.maxFrame) break;
          pos = this.skip(pos);
          continue;
        }
        end = stop + 2;
        if (nestedEndsAt(buf, pos, end)) {
          pos = this.skip(pos);
          continue;
        }
      }
      frames.push(buf.subarray(pos, end));
      this.skipped = 0;
      pos = end;
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

  /** Drops the byte at `pos` as garbage. */
  private skip(pos: number): number {
    this.skipped++;
    this.junk++;
    if (this.skipped > this.maxFrame) {
      this.held = EMPTY;
      this.skipped = 0;
      throw new ProtocolError(`no GT06 frame in ${this.maxFrame} bytes`);
    }
    return pos + 1;
  }
}

/** Where the first 0x0D 0x0A at or after `from` starts; -1 when there is none yet. */
function stopAfter(buf: Buffer, from: number): number {
  for (let i = buf.indexOf(0x0d, from); i >= 0 && i + 1 < buf.length; i = buf.indexOf(0x0d, i + 1))
    if (buf[i + 1] === 0x0a) return i;
  return -1;
}

/** The bytes from the start to the stop bits at `stop` end in their own CRC-ITU (over length..serial). */
function sealed(buf: Buffer, pos: number, stop: number): boolean {
  return stop - 2 >= pos + 5 && crcItu(buf, pos + 2, stop - 2) === buf.readUInt16BE(stop - 2);
}

/** A start inside (pos, end) whose declared frame ends exactly at `end`: the bytes before it are garbage. */
function nestedEndsAt(buf: Buffer, pos: number, end: number): boolean {
  for (let q = pos + 1; q + 3 < end; q++) {
    const b = buf[q];
    if ((b !== 0x78 && b !== 0x79) || buf[q + 1] !== b) continue;
    const total = b === 0x79 ? 4 + buf.readUInt16BE(q + 2) + 2 : 3 + buf[q + 2]! + 2;
    if (q + total === end) return true;
  }
  return false;
}
