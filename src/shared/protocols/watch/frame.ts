/**
 * Framing of the "3G" watch protocol (Beesure / SeTracker and their clones; Traccar's "watch",
 * docs/protocols.md): `[MAKER*ID*LLLL*CONTENT]`, or `[MAKER*ID*INDEX*LLLL*CONTENT]` for
 * makers that number their frames. LLLL is the content's length on the wire in hex.
 */
import { type Framer, ProtocolError } from '../types';

const OPEN = 0x5b; // '['
const CLOSE = 0x5d; // ']'
const STAR = 0x2a; // '*'
const ESCAPE = 0x7d; // '}'

/**
 * The largest content LLLL can declare (0xFFFF: a voice message or a photo chunk) plus room
 * for the header; anything longer is not a frame of this protocol.
 */
export const MAX_FRAME = 0xffff + 64;
/** '[' + maker (4) + '*' + id (20) + '*' + index (8) + '*' + length (4) + '*'. */
const MAX_HEADER = 41;

interface Header {
  maker: string;
  id: string;
  /** The sequence field some makers put between the id and the length, echoed in replies. */
  index?: string;
  /** Content bytes the header declares (escaped, as they travel). */
  length: number;
  /** Offset of the content in the frame. */
  contentStart: number;
}

/** Not enough bytes yet to tell. */
const MORE = 'more';
/** Not a header: the '[' was garbage. */
const BAD = 'bad';

const isAlnum = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isHex = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

/** The end of a '*'-terminated run of letters and digits from `pos`, or MORE / BAD. */
function field(buf: Buffer, pos: number, min: number, max: number): number | typeof MORE | typeof BAD {
  for (let i = pos; i <= pos + max; i++) {
    if (i >= buf.length) return MORE;
    const b = buf[i]!;
    if (b === STAR) return i - pos >= min ? i : BAD;
    if (!isAlnum(b)) return BAD;
  }
  return BAD;
}

/** Four hex digits then '*' at `pos`: true, false, or MORE when the bytes have not all come. */
function lengthField(buf: Buffer, pos: number): boolean | typeof MORE {
  for (let i = pos; i < pos + 5; i++) {
    if (i >= buf.length) return MORE;
    const b = buf[i]!;
    if (i === pos + 4 ? b !== STAR : !isHex(b)) return false;
  }
  return true;
}

/** The value of four hex digits at `pos` (lengthField said they are). */
function hex4(buf: Buffer, pos: number): number {
  let v = 0;
  for (let i = pos; i < pos + 4; i++) {
    const b = buf[i]!;
    v = v * 16 + (b <= 0x39 ? b - 0x30 : (b | 0x20) - 0x57);
  }
  return v;
}

/** Where a header's fields end: offsets only, the framer needs no strings. */
interface Bounds {
  makerEnd: number;
  idEnd: number;
  /** The end of the sequence field, -1 when the frame has none. */
  indexEnd: number;
  length: number;
  contentStart: number;
}

/**
 * The header of the frame at `start` (a '['). Like Traccar, the field after the id is a
 * sequence index when four hex digits and a '*' follow it; otherwise it is the length.
 */
function headerBounds(buf: Buffer, start: number): Bounds | typeof MORE | typeof BAD {
  const makerEnd = field(buf, start + 1, 2, 4);
  if (typeof makerEnd !== 'number') return makerEnd;
  const idEnd = field(buf, makerEnd + 1, 6, 20);
  if (typeof idEnd !== 'number') return idEnd;
  const aEnd = field(buf, idEnd + 1, 1, 8);
  if (typeof aEnd !== 'number') return aEnd;
  const second = lengthField(buf, aEnd + 1);
  if (second === MORE) return MORE;
  if (second) return { makerEnd, idEnd, indexEnd: aEnd, length: hex4(buf, aEnd + 1), contentStart: aEnd + 6 };
  if (aEnd - idEnd !== 5 || lengthField(buf, idEnd + 1) !== true) return BAD;
  return { makerEnd, idEnd, indexEnd: -1, length: hex4(buf, idEnd + 1), contentStart: aEnd + 1 };
}

/** The header of the frame at `start` (a '['), its fields read (headerBounds). */
function parseHeader(buf: Buffer, start: number): Header | typeof MORE | typeof BAD {
  const b = headerBounds(buf, start);
  if (typeof b === 'string') return b;
  const head: Header = {
    maker: buf.toString('latin1', start + 1, b.makerEnd),
    id: buf.toString('latin1', b.makerEnd + 1, b.idEnd),
    length: b.length,
    contentStart: b.contentStart,
  };
  if (b.indexEnd >= 0) head.index = buf.toString('latin1', b.idEnd + 1, b.indexEnd);
  return head;
}

/** How far the search for the end of the frame held at the start of the buffer has got (frameEnd). */
interface Progress {
  /** The content's declared length, and its offset from the frame's '['. */
  length: number;
  contentStart: number;
  /** Bytes of the frame scanned for brackets so far. */
  scanned: number;
  depth: number;
  /** A control byte seen among the scanned bytes. */
  binary: boolean;
  /** The first ']' that balanced the brackets (from the '['), -1 while none; and whether binary bytes came before it. */
  close: number;
  binaryAtClose: boolean;
}

/**
 * Where the frame at `start` ends (the offset of its ']'), or -1 when more bytes must come.
 * The declared length first: binary content may hold a raw ']'. But watches in the field
 * declare wrong lengths (one counts 317 bytes for 308, another the unescaped bytes), so when the
 * declared end is not a ']' the frame ends where its brackets balance, as Traccar frames it (a
 * Wi-Fi name may be "[LG_Wall-Mount A/C]"). Before the declared end has come, a balanced
 * bracket closes only a text frame: in binary content it may be data.
 * The scan resumes where `p` left it, so a frame that arrives a byte at a time costs its length
 * once, not its length squared (a slow sender must not stall the event loop).
 */
function frameEnd(buf: Buffer, start: number, p: Progress): number {
  const declared = start + p.contentStart + p.length;
  const arrived = declared < buf.length;
  if (arrived && buf[declared] === CLOSE) return declared;
  if (p.close < 0) {
    for (let i = start + p.scanned; i < buf.length; i++) {
      const b = buf[i]!;
      if (b === OPEN) p.depth++;
      else if (b === CLOSE && --p.depth === 0) {
        p.close = i - start;
        p.binaryAtClose = p.binary;
        break;
      } else if (b < 0x20 || b === 0x7f) p.binary = true;
    }
    p.scanned = p.close < 0 ? buf.length - start : p.close;
  }
  if (p.close < 0) return -1;
  return arrived || !p.binaryAtClose ? start + p.close : -1;
}

/** The header of a whole frame as the framer returned it; ProtocolError when it has none. */
export function frameHeader(frame: Buffer): Header {
  const head = frame[0] === OPEN ? parseHeader(frame, 0) : BAD;
  if (typeof head === 'string' || frame[frame.length - 1] !== CLOSE || frame.length - 1 < head.contentStart)
    throw new ProtocolError('not a watch frame');
  return head;
}

/** Bytes a watch may send between frames (a line end) without counting as garbage. */
const isBlank = (b: number) => b === 0x0d || b === 0x0a || b === 0x20 || b === 0x09 || b === 0x00;

export class WatchFramer implements Framer {
  /** The bytes held (a partial frame from its '['), in `store` up to `held`; grown by doubling, so holding costs linear time. */
  private store = Buffer.alloc(0);
  private held = 0;
  /** The end search of the frame held at the start of `store`, once its header is read. */
  private progress: Progress | undefined;
  /** Garbage bytes since dropped() was last asked. */
  private junk = 0;

  push(chunk: Buffer): Buffer[] {
    const buf = this.append(chunk);
    const frames: Buffer[] = [];
    let pos = 0;
    for (;;) {
      const start = buf.indexOf(OPEN, pos);
      this.garbage(buf, pos, start < 0 ? buf.length : start);
      if (start < 0) {
        pos = buf.length;
        break;
      }
      let p = start === 0 ? this.progress : undefined;
      if (!p) {
        const head = headerBounds(buf, start);
        if (head === BAD || (head === MORE && buf.length - start > MAX_HEADER)) {
          this.junk++;
          pos = start + 1;
          continue;
        }
        if (head !== MORE) {
          p = {
            length: head.length,
            contentStart: head.contentStart - start,
            scanned: 0,
            depth: 0,
            binary: false,
            close: -1,
            binaryAtClose: false,
          };
        }
      }
      const end = p ? frameEnd(buf, start, p) : -1;
      if (end < 0) {
        pos = start;
        this.progress = p;
        if (buf.length - start > MAX_FRAME) {
          this.reset();
          throw new ProtocolError(`watch frame over ${MAX_FRAME} bytes`);
        }
        break;
      }
      frames.push(Buffer.from(buf.subarray(start, end + 1)));
      this.progress = undefined;
      pos = end + 1;
    }
    this.keep(buf, pos);
    return frames;
  }

  pending(): number {
    return this.held;
  }

  dropped(): number {
    const n = this.junk;
    this.junk = 0;
    return n;
  }

  /** The held bytes and `chunk`, one buffer (a view of `store`). */
  private append(chunk: Buffer): Buffer {
    if (this.held === 0) return chunk;
    const need = this.held + chunk.length;
    if (need > this.store.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.store.length * 2, 256));
      this.store.copy(grown, 0, 0, this.held);
      this.store = grown;
    }
    chunk.copy(this.store, this.held);
    this.held = need;
    return this.store.subarray(0, need);
  }

  /** Keeps the bytes from `pos` (a frame's '[') at the start of `store`; a copy, so a held frame does not pin the chunk it came in. */
  private keep(buf: Buffer, pos: number): void {
    const rest = buf.length - pos;
    if (rest <= 0) {
      this.held = 0;
      this.progress = undefined;
      // A large buffer is let go once its frame is done.
      if (this.store.length > 4096) this.store = Buffer.alloc(0);
      return;
    }
    if (pos === 0 && buf.buffer === this.store.buffer && buf.byteOffset === this.store.byteOffset) {
      this.held = rest;
      return;
    }
    if (rest > this.store.length) this.store = Buffer.allocUnsafe(Math.max(rest, 256));
    buf.copy(this.store, 0, pos);
    this.held = rest;
    // The progress kept is of the frame now at the start (set in push only when `start` was its position).
  }

  private garbage(buf: Buffer, from: number, to: number): void {
    for (let i = from; i < to; i++) if (!isBlank(buf[i]!)) this.junk++;
  }

  private reset(): void {
    this.store = Buffer.alloc(0);
    this.held = 0;
    this.progress = undefined;
  }
}

const UNESCAPED: Record<number, number> = { 1: 0x7d, 2: 0x5b, 3: 0x5d, 4: 0x2c, 5: 0x2a };

/**
 * Binary content (voice, photos) travels with 0x7d escapes: 7d01 '}', 7d02 '[', 7d03 ']',
 * 7d04 ',', 7d05 '*'. `strict`: any other byte after 0x7d is a broken frame; otherwise (text,
 * where a Wi-Fi name may hold a '}') the 0x7d stays as it is.
 */
export function unescape(data: Buffer, strict: boolean): Buffer {
  if (data.indexOf(ESCAPE) < 0) return data;
  const out = Buffer.allocUnsafe(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    const next = b === ESCAPE ? UNESCAPED[data[i + 1] ?? -1] : undefined;
    if (next !== undefined) {
      out[n++] = next;
      i++;
    } else if (b === ESCAPE && strict) {
      throw new ProtocolError(`bad escape at ${i}`);
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

/** The frame around `content` (ASCII text) as the watch expects it; the length is in bytes. */
export function buildFrame(maker: string, id: string, index: string | undefined, content: string): Buffer {
  const body = Buffer.from(content, 'utf8');
  const length = body.length.toString(16).toUpperCase().padStart(4, '0');
  return Buffer.concat([
    Buffer.from(`[${maker}*${id}*${index === undefined ? '' : `${index}*`}${length}*`, 'latin1'),
    body,
    Buffer.from(']', 'latin1'),
  ]);
}
