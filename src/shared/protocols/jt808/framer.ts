/**
 * JT/T 808 framing: each message sits between two 0x7E flags (escaped inside, so a flag never
 * occurs in a message). Bytes before a flag are garbage; two flags in a row close one message
 * and open the next, or close garbage. A terminal framing with 0xE7 (frame.ts) is known by its
 * first flag: the connection's first 0x7E or 0xE7 decides which it uses from then on.
 */
import { ProtocolError, type Framer } from '../types';
import { ALT_FLAG, FLAG as FLAG_STD, MAX_BODY } from './frame';

/** The largest body, a 2019 header with split-packet fields and the check code, every byte escaped, and the two flags. */
export const MAX_FRAME = (MAX_BODY + 21 + 1) * 2 + 2;

const EMPTY = Buffer.alloc(0);

export class Jt808Framer implements Framer {
  private held: Buffer = EMPTY;
  /** Bytes outside any message since dropped() was last asked. */
  private junk = 0;
  /** The connection's flag, once its first frame began. */
  private flag: number | undefined;

  constructor(private readonly maxFrame: number) {}

  push(chunk: Buffer): Buffer[] {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = this.start(buf);
    if (pos < 0) pos = buf.length;
    const flag = this.flag ?? FLAG_STD;
    this.junk += pos;
    while (pos < buf.length) {
      const end = buf.indexOf(flag, pos + 1);
      if (end < 0) break;
      if (end === pos + 1) {
        // An empty pair: the first flag closed something unread, the second opens the message.
        pos = end;
        continue;
      }
      if (end + 1 - pos > this.maxFrame) return this.oversized(end + 1 - pos);
      frames.push(buf.subarray(pos, end + 1));
      pos = buf.indexOf(flag, end + 1);
      if (pos < 0) pos = buf.length;
      this.junk += pos - end - 1;
    }
    if (buf.length - pos > this.maxFrame) return this.oversized(buf.length - pos);
    // A copy: the remainder must not pin the whole chunk it came in.
    this.held = pos < buf.length ? Buffer.from(buf.subarray(pos)) : EMPTY;
    return frames;
  }

  /** Where the first frame begins; the first flag ever seen decides the connection's flag. */
  private start(buf: Buffer): number {
    if (this.flag !== undefined) return buf.indexOf(this.flag);
    const std = buf.indexOf(FLAG_STD);
    const alt = buf.indexOf(ALT_FLAG);
    if (std < 0 && alt < 0) return -1;
    const at = std < 0 ? alt : alt < 0 ? std : Math.min(std, alt);
    this.flag = buf[at];
    return at;
  }

  pending(): number {
    return this.held.length;
  }

  dropped(): number {
    const n = this.junk;
    this.junk = 0;
    return n;
  }

  private oversized(bytes: number): never {
    this.held = EMPTY;
    throw new ProtocolError(`frame of ${bytes} bytes over ${this.maxFrame}`);
  }
}
