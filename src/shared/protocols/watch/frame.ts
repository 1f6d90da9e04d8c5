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

export interface Header {
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

/**
 * The header of the frame at `start` (a '['). Like Traccar, the field after the id is a
 * sequence index when four hex digits and a '*' follow it; otherwise it is the length.
 */
export function parseHeader(buf: Buffer, start: number): Header | typeof MORE | typeof BAD {
  const makerEnd = field(buf, start + 1, 2, 4);
  if (typeof makerEnd !== 'number') return makerEnd;
  const idEnd = field(buf, makerEnd + 1, 6, 20);
  if (typeof idEnd !== 'number') return idEnd;
  const aEnd = field(buf, idEnd + 1, 1, 8);
  if (typeof aEnd !== 'number') return aEnd;
  const second = lengthField(buf, aEnd + 1);
  if (second === MORE) return MORE;
  const head = { maker: buf.toString('latin1', start + 1, makerEnd), id: buf.toString('latin1', makerEnd + 1, idEnd) };
  if (second) {
    return {
      ...head,
      index: buf.toString('latin1', idEnd + 1, aEnd),
      length: parseInt(buf.toString('latin1', aEnd + 1, aEnd + 5), 16),
      contentStart: aEnd + 6,
    };
  }
  if (aEnd - idEnd !== 5 || lengthField(buf, idEnd + 1) !== true) return BAD;
  return { ...head, length: parseInt(buf.toString('latin1', idEnd + 1, aEnd), 16), contentStart: aEnd + 1 };
}

/**
 * Where the frame at `start` ends (the offset of its ']'), or -1 when more bytes must come.
 * The declared length first: binary content may hold a raw ']'. But watches in the field
 * declare wrong lengths (one counts 317 bytes for 308, another the unescaped bytes), so when the
 * declared end is not a ']' the frame ends where its brackets balance, as Traccar frames it (a
 * Wi-Fi name may be "[LG_Wall-Mount A/C]"). Before the declared end has come, a balanced
 * bracket closes only a text frame: in binary content it may be data.
 */
function frameEnd(buf: Buffer, start: number, head: Header): number {
  const declared = head.contentStart + head.length;
  const arrived = declared < buf.length;
  if (arrived && buf[declared] === CLOSE) return declared;
  let depth = 0;
  let binary = false;
  for (let i = start; i < buf.length; i++) {
    const b = buf[i]!;
    if (b === OPEN) depth++;
    else if (b === CLOSE && --depth === 0) return arrived || !binary ? i : -1;
    else if (b < 0x20 || b === 0x7f) binary = true;
  }
  return -1;
}

/** The header of a whole frame as the framer returned it; ProtocolError when it has none. */
export function frameHeader(frame: Buffer): Header {
  const head = frame[0] === OPEN ? parseHeader(frame, 0) : BAD;
  if (typeof head === 'string' || frame[frame.length - 1] !== CLOSE || frame.length - 1 < head.contentStart)
    throw new ProtocolError('not a watch frame');
  return head;
}

export class WatchFramer implements Framer {
  private buf = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    const buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    for (;;) {
      const start = buf.indexOf(OPEN, pos);
      if (start < 0) {
        pos = buf.length;
        break;
      }
      const head = parseHeader(buf, start);
      if (head === BAD || (head === MORE && buf.length - start > MAX_HEADER)) {
        pos = start + 1;
        continue;
      }
      const end = head === MORE ? -1 : frameEnd(buf, start, head);
      if (end < 0) {
        pos = start;
        if (buf.length - start > MAX_FRAME) {
          this.buf = Buffer.alloc(0);
          throw new ProtocolError(`watch frame over ${MAX_FRAME} bytes`);
        }
        break;
      }
      frames.push(Buffer.from(buf.subarray(start, end + 1)));
      pos = end + 1;
    }
    // Copied so a held partial frame does not pin the whole chunk it came in.
    this.buf = pos >= buf.length ? Buffer.alloc(0) : Buffer.from(buf.subarray(pos));
    return frames;
  }

  pending(): number {
    return this.buf.length;
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
