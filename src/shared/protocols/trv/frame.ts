/**
 * Framing of the TRV / "IW" protocol of 4G elderly and health watches (Traccar's "trv", port 5010,
 * docs/protocols.md#trv): text frames `IW` + a four-character type + the body + `#`. The watch
 * sends `IWAPxx...#`, the server `IWBPxx...#`. Traccar cuts the stream at each `#` and takes frames
 * of up to 1024 bytes; so does this framer, and it finds the next `IW` start after garbage.
 */
import { type DeviceFix, type Framer, ProtocolError } from '../types';

/** Traccar's limit for the protocol (a delimiter framer of 1024 bytes). */
export const MAX_FRAME = 1024;

const HASH = 0x23; // '#'
const I = 0x49;
const W = 0x57;
const P = 0x50;
/** `IW`, a letter, `P`, two letters or digits: the header of every frame. */
const HEADER = 6;

const isUpper = (b: number) => b >= 0x41 && b <= 0x5a;
const isAlnum = (b: number) => isUpper(b) || (b >= 0x30 && b <= 0x39);

/** Not enough bytes yet to tell whether a frame starts here. */
const MORE = 'more';

/** Whether a frame header starts at `i`: true, false, or MORE while its bytes have not all come. */
function headerAt(buf: Buffer, i: number): boolean | typeof MORE {
  const checks = [(b: number) => b === I, (b: number) => b === W, isUpper, (b: number) => b === P, isAlnum, isAlnum];
  for (let k = 0; k < HEADER; k++) {
    if (i + k >= buf.length) return MORE;
    if (!checks[k]!(buf[i + k]!)) return false;
  }
  return true;
}

/** Bytes a watch may send between frames (a line end) without counting as garbage. */
const isBlank = (b: number) => b === 0x0d || b === 0x0a || b === 0x20 || b === 0x09 || b === 0x00;

export class TrvFramer implements Framer {
  /** The bytes held: a partial frame from its `I` (or the start of a header not yet complete). */
  private held = Buffer.alloc(0);
  /** How far past the held frame's header the search for its end has got. */
  private scanned = 0;
  private junk = 0;

  push(chunk: Buffer): Buffer[] {
    // Held bytes are at most MAX_FRAME, so joining them costs a bounded copy per chunk.
    const buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    const frames: Buffer[] = [];
    let pos = 0;
    let keepFrom = buf.length;
    let scanned = this.held.length ? this.scanned : 0;
    while (pos < buf.length) {
      // The next frame start from pos.
      let start = -1;
      let partial = false;
      for (let i = buf.indexOf(I, pos); i >= 0; i = buf.indexOf(I, i + 1)) {
        const h = headerAt(buf, i);
        if (h === true) {
          start = i;
          break;
        }
        if (h === MORE) {
          start = i;
          partial = true;
          break;
        }
      }
      this.garbage(buf, pos, start < 0 ? buf.length : start);
      if (start < 0) break;
      if (partial) {
        keepFrom = start;
        scanned = 0;
        break;
      }
      // The end ('#'), unless another frame starts first: then the bytes before it were a broken frame.
      let end = -1;
      let next = -1;
      for (let i = start + HEADER + Math.max(0, scanned - HEADER); i < buf.length; i++) {
        const b = buf[i]!;
        if (b === HASH) {
          end = i;
          break;
        }
        if (b === I && headerAt(buf, i) === true) {
          next = i;
          break;
        }
      }
      if (next >= 0) {
        this.junk += next - start;
        pos = next;
        scanned = 0;
        continue;
      }
      if (end < 0) {
        if (buf.length - start > MAX_FRAME) {
          this.reset();
          throw new ProtocolError(`trv frame over ${MAX_FRAME} bytes`);
        }
        keepFrom = start;
        // The last bytes may be an unfinished header of the next frame: looked at again.
        scanned = Math.max(0, buf.length - start - HEADER);
        break;
      }
      if (end + 1 - start > MAX_FRAME) {
        this.reset();
        throw new ProtocolError(`trv frame over ${MAX_FRAME} bytes`);
      }
      frames.push(Buffer.from(buf.subarray(start, end + 1)));
      pos = end + 1;
      scanned = 0;
    }
    this.held = keepFrom < buf.length ? Buffer.from(buf.subarray(keepFrom)) : Buffer.alloc(0);
    this.scanned = this.held.length ? scanned : 0;
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

  private garbage(buf: Buffer, from: number, to: number): void {
    for (let i = from; i < to; i++) if (!isBlank(buf[i]!)) this.junk++;
  }

  private reset(): void {
    this.held = Buffer.alloc(0);
    this.scanned = 0;
  }
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `yyyyMMddHHmmss` of a UTC time, as the login answer (BP00) carries it. */
export function utcStamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}${pad2(d.getUTCHours())}${pad2(
    d.getUTCMinutes(),
  )}${pad2(d.getUTCSeconds())}`;
}

/** A frame: `IW` + type + body + `#` (the body with its leading comma where the type has one). */
export const trvFrame = (type: string, body = ''): Buffer => Buffer.from(`IW${type}${body}#`, 'latin1');

/** A fix as the simulator's watch reports it (docs/protocols.md#trv). */
type TrvFix = DeviceFix;

const pad = (n: number, width: number) => String(Math.max(0, Math.round(n))).padStart(width, '0');

/** ddmm.mmmm / dddmm.mmmm of a coordinate's absolute value. */
function degMin(v: number, degDigits: number): string {
  const a = Math.abs(v);
  let deg = Math.floor(a);
  let min = Number(((a - deg) * 60).toFixed(4));
  if (min >= 60) {
    deg += 1;
    min = 0;
  }
  return `${String(deg).padStart(degDigits, '0')}${min.toFixed(4).padStart(7, '0')}`;
}

/**
 * The frames of a watch (the simulator's, and tests'): the login AP00, the heartbeat AP03 with
 * battery and steps, a position AP01 and an alarm AP10 with its code (01 SOS, 02 low battery, 03
 * taken off, 05 fall).
 */
export const trvFrames = {
  login: (imei: string) => trvFrame('AP00', imei),
  /** GSM signal %, satellites, battery %, a reserved digit, fortification, working mode; steps; rolls. */
  heartbeat: (battery: number, steps = 0, signal = 80) =>
    trvFrame('AP03', `,${pad(signal, 3)}${pad(9, 3)}${pad(battery, 3)}00001,${Math.round(steps)},0`),
  position(fix: TrvFix, battery: number, cell = { mcc: 460, mnc: 0, lac: 9520, cid: 3671 }, alarm?: string): Buffer {
    const d = new Date(fix.at);
    const date = `${pad2(d.getUTCFullYear() % 100)}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCDate())}`;
    const time = `${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
    const speed = Math.min(999.9, fix.speed ?? 0)
      .toFixed(1)
      .padStart(5, '0');
    const course = Math.min(360, fix.heading ?? 0)
      .toFixed(2)
      .padStart(6, '0');
    const block =
      `${date}${fix.valid === false ? 'V' : 'A'}` +
      `${degMin(fix.lat, 2)}${fix.lat < 0 ? 'S' : 'N'}${degMin(fix.lon, 3)}${fix.lon < 0 ? 'W' : 'E'}` +
      `${speed}${time}${course}${pad(80, 3)}${pad(fix.satellites ?? 9, 3)}${pad(battery, 3)}00001`;
    const cells = `${cell.mcc},${cell.mnc},${cell.lac},${cell.cid}`;
    return alarm === undefined
      ? trvFrame('AP01', `${block},${cells}`)
      : trvFrame('AP10', `${block},${cells},${alarm},en,00`);
  },
};
