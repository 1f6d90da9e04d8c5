/**
 * GT06 framing: 0x78 0x78 + one length byte, or 0x79 0x79 + two (the "long" packets), the
 * length counting protocol number, content, serial and CRC, then 0x0D 0x0A. A start whose
 * declared frame does not end in 0x0D 0x0A is garbage: the search resumes one byte later.
 */
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
      if (pos + total > buf.length) break;
      if (buf[pos + total - 2] !== 0x0d || buf[pos + total - 1] !== 0x0a) {
        pos = this.skip(pos);
        continue;
      }
      frames.push(buf.subarray(pos, pos + total));
      this.skipped = 0;
      pos += total;
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
