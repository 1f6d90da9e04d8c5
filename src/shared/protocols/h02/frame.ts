/**
 * Framing of the H02 protocol (Sinotrack and the many TK-clone trackers; Traccar's "h02",
 * docs/protocols.md#h02). Two forms share a connection:
 *
 * - text: `*HQ,<id>,<type>,...#` (the maker code is any two letters or digits: `HQ`, `TH`, `hq`),
 *   ended by the first `#`; a line end after it is skipped;
 * - binary: `$` (or Traccar's `X` variant), the id in BCD (5 bytes, or 8 on 15-digit devices),
 *   then time, date, position and status in BCD, with no length and no end mark. Traccar's frame
 *   decoder knows three sizes: 32 bytes, 45 bytes (the extended report) and 42 bytes (the 8-byte
 *   id). The size is the one after which another frame (or the end of what arrived) starts; a
 *   connection keeps the size its first binary frame had, as Traccar does.
 */
import { type Framer, ProtocolError } from '../types';

/** The longest text frame taken (a V3 or NBR with seven cells is under 300 bytes). */
export const MAX_FRAME = 1024;

/** Binary frame sizes (Traccar's H02FrameDecoder: MESSAGE_SHORT, MESSAGE_LONG; and the 8-byte id form). */
const BINARY_SHORT = 32;
const BINARY_LONG = 45;
export const BINARY_LONG_ID = 42;

const STAR = 0x2a;
const DOLLAR = 0x24;
const X = 0x58;
const HASH = 0x23;
const COMMA = 0x2c;

const MORE = 'more';
type Tri = boolean | typeof MORE;

const isAlnum = (b: number) => (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isBcd = (b: number) => b >> 4 <= 9 && (b & 0x0f) <= 9;
const bcd = (b: number) => (b >> 4) * 10 + (b & 0x0f);
/** Bytes a device may send between frames (line ends) without counting as garbage. */
const isBlank = (b: number) => b === 0x0d || b === 0x0a || b === 0x20 || b === 0x09 || b === 0x00;

/** `*` then a two-character maker code and a comma at `i`. */
function textStart(buf: Buffer, i: number): Tri {
  for (let k = 1; k <= 3; k++) {
    if (i + k >= buf.length) return MORE;
    const b = buf[i + k]!;
    if (k < 3 ? !isAlnum(b) : b !== COMMA) return false;
  }
  return true;
}

/**
 * Whether a binary frame with an id of `idLen` bytes starts at `i`: the id in BCD (the last
 * nibble of the 8-byte id is filler), then a time and a date in BCD that read as one.
 */
export function binaryLayout(buf: Buffer, i: number, idLen: number): Tri {
  const checks = idLen + 6;
  for (let k = 1; k <= checks; k++) {
    if (i + k >= buf.length) return MORE;
    const b = buf[i + k]!;
    if (k <= idLen) {
      if (k === idLen && idLen === 8 ? b >> 4 > 9 : !isBcd(b)) return false;
      continue;
    }
    if (!isBcd(b)) return false;
    const v = bcd(b);
    const field = k - idLen; // 1 hour, 2 minute, 3 second, 4 day, 5 month, 6 year
    if ((field === 1 && v > 23) || ((field === 2 || field === 3) && v > 59) || (field === 4 && v > 31)) return false;
    if (field === 5 && v > 12) return false;
  }
  return true;
}

function binaryStart(buf: Buffer, i: number): Tri {
  const s = binaryLayout(buf, i, 5);
  const l = binaryLayout(buf, i, 8);
  if (s === true || l === true) return true;
  return s === MORE || l === MORE ? MORE : false;
}

/** Whether a frame (or a line end) starts at `i`. */
function frameStart(buf: Buffer, i: number): Tri {
  if (i >= buf.length) return MORE;
  const b = buf[i]!;
  if (b === 0x0d || b === 0x0a) return true;
  if (b === STAR) return textStart(buf, i);
  if (b === DOLLAR || b === X) return binaryStart(buf, i);
  return false;
}

export class H02Framer implements Framer {
  private held = Buffer.alloc(0);
  /** Garbage bytes since dropped() was last asked. */
  private junk = 0;
  /** The size of this connection's binary frames, once one was seen. */
  private binarySize: number | undefined;

  push(chunk: Buffer): Buffer[] {
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < buf.length) {
      const b = buf[pos]!;
      if (b !== STAR && b !== DOLLAR && b !== X) {
        if (!isBlank(b)) this.junk++;
        pos++;
        continue;
      }
      const end = b === STAR ? this.textEnd(buf, pos) : this.binaryEnd(buf, pos);
      if (end === MORE) break;
      if (typeof end === 'object') {
        // A cut-off text frame: a new frame starts inside it, or a control byte broke it.
        pos = end.skip;
        continue;
      }
      if (end < 0) {
        // Not a frame start after all: the byte is garbage, the search goes on after it.
        this.junk++;
        pos++;
        continue;
      }
      frames.push(Buffer.from(buf.subarray(pos, end)));
      pos = end;
    }
    const rest = buf.length - pos;
    if (rest > MAX_FRAME) {
      this.held = Buffer.alloc(0);
      throw new ProtocolError(`h02 frame over ${MAX_FRAME} bytes`);
    }
    this.held = rest > 0 ? Buffer.from(buf.subarray(pos)) : Buffer.alloc(0);
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

  /**
   * The end (past the `#`) of the text frame at `start`; MORE while it has not come; -1 when the
   * start is no frame's. A new frame starting before the `#` (a `*XX,` header or a binary `$`),
   * or a control byte, means the frame at `start` was cut off: its bytes are counted as garbage
   * and the search goes on from `skip`.
   */
  private textEnd(buf: Buffer, start: number): number | { skip: number } | typeof MORE {
    const head = textStart(buf, start);
    if (head === MORE) return MORE;
    if (!head) return -1;
    for (let i = start + 4; i < buf.length; i++) {
      const b = buf[i]!;
      if (b === HASH) return i + 1;
      const cut =
        b < 0x20 ||
        b > 0x7e ||
        (b === STAR && textStart(buf, i) === true) ||
        (b === DOLLAR && binaryStart(buf, i) === true);
      if (cut) {
        // The bytes from `start` to the new start (or past the control byte) are garbage.
        const to = b < 0x20 || b > 0x7e ? i + 1 : i;
        this.junk += to - start;
        return { skip: to };
      }
    }
    return MORE;
  }

  /** The end of the binary frame at `start`; MORE while its size cannot be told; -1 when it is none. */
  private binaryEnd(buf: Buffer, start: number): number | typeof MORE {
    const avail = buf.length - start;
    const short = binaryLayout(buf, start, 5);
    const long = buf[start] === X ? false : binaryLayout(buf, start, 8);
    if (short === false && long === false) return -1;
    if (short !== true && long !== true) return MORE;
    const sizes: number[] = [];
    if (short === true) sizes.push(BINARY_SHORT);
    if (long === true) sizes.push(BINARY_LONG_ID);
    if (short === true && buf[start] === DOLLAR) sizes.push(BINARY_LONG);
    sizes.sort((a, b) => a - b);
    const take = (size: number) => {
      if (buf[start] === DOLLAR) this.binarySize = size;
      return start + size;
    };
    const known = this.binarySize;
    if (known !== undefined && sizes.includes(known)) {
      if (avail < known) return MORE;
      if (avail === known || frameStart(buf, start + known) !== false) return take(known);
    }
    for (const size of sizes) if (avail > size && frameStart(buf, start + size) === true) return take(size);
    for (const size of sizes) if (avail === size) return take(size);
    if (avail <= sizes[sizes.length - 1]!) return MORE;
    // Garbage follows whichever size: the smallest is the frame, the rest is resynchronised on.
    return take(sizes[0]!);
  }
}
