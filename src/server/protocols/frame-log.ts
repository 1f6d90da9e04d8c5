/**
 * The raw frame log of one device: the last frames it sent and was sent, as bytes, for the
 * administrators' "does not show up" questions (docs/protocols.md "Raw frame log"). Only bytes and
 * times are kept, in one buffer per device: a summary is the codec's decoding of the bytes, made
 * when someone reads the log, so a fleet's logs cost their frames' size and no more.
 */
import type { FrameLogRow } from '../../shared/devices/api';
import { IRREGULARITY_NOTES, newSession, type Irregularity, type StreamCodec } from './types';

/** Frames kept per device. */
export const LOG_FRAMES = 200;
/** Bytes kept per device, headers included: a watch's 200-byte reports keep fewer than LOG_FRAMES. */
const LOG_BYTES = 16 * 1024;
const HEAD = 11; // time (float64), direction (1), length (uint16)
const FIRST_SIZE = 1024;

type Direction = 'in' | 'out';

interface LoggedFrame {
  at: number;
  dir: Direction;
  bytes: Buffer;
  /** A received frame the gateway refused for its irregularities (the product's strict framing). */
  refused?: true;
}

/** Oldest first; a frame longer than the log keeps its first bytes. */
export class FrameLog {
  private buf = Buffer.allocUnsafe(0);
  /** Byte offsets of the frames held, oldest first (buf[start..end) is used). */
  private offsets: number[] = [];
  private end = 0;

  /** `refused`: a received frame refused by strict framing (kept in the direction byte). */
  add(at: number, dir: Direction, frame: Buffer, refused = false): void {
    const bytes = frame.length > LOG_BYTES - HEAD ? frame.subarray(0, LOG_BYTES - HEAD) : frame;
    const need = HEAD + bytes.length;
    while (this.offsets.length >= LOG_FRAMES || (this.offsets.length && this.end - this.offsets[0]! + need > LOG_BYTES))
      this.offsets.shift();
    const start = this.offsets[0] ?? this.end;
    if (this.end + need > this.buf.length) {
      // Compact to the front, growing up to LOG_BYTES.
      const used = this.end - start;
      const size = Math.min(LOG_BYTES, Math.max(FIRST_SIZE, (used + need) * 2));
      const next = Buffer.allocUnsafe(Math.max(size, used + need));
      this.buf.copy(next, 0, start, this.end);
      this.offsets = this.offsets.map((o) => o - start);
      this.buf = next;
      this.end = used;
    }
    const o = this.end;
    this.buf.writeDoubleLE(at, o);
    this.buf[o + 8] = dir === 'out' ? 1 : refused ? 2 : 0;
    this.buf.writeUInt16LE(bytes.length, o + 9);
    bytes.copy(this.buf, o + HEAD);
    this.offsets.push(o);
    this.end = o + need;
  }

  frames(): LoggedFrame[] {
    return this.offsets.map((o) => {
      const len = this.buf.readUInt16LE(o + 9);
      const d = this.buf[o + 8];
      const frame: LoggedFrame = {
        at: this.buf.readDoubleLE(o),
        dir: d === 1 ? 'out' : 'in',
        bytes: Buffer.from(this.buf.subarray(o + HEAD, o + HEAD + len)),
      };
      if (d === 2) frame.refused = true;
      return frame;
    });
  }

  /** Bytes held (for the memory figures). */
  size(): number {
    return this.buf.length;
  }
}
/** The raw log's marks of a frame's irregularities: "checksum wrong, accepted", or without "accepted" when refused. */
function irregularityNotes(irregular: readonly Irregularity[], refused = false): string {
  const notes = irregular.map((i) => IRREGULARITY_NOTES[i] ?? i);
  return refused
    ? `${notes.map((n) => n.replace(/, accepted$/, '')).join('; ')}; refused (strict framing)`
    : notes.join('; ');
}

/**
 * The log's frames as read back: hex (and text for a text protocol), and for a received frame the
 * codec's reading of it, ending with the marks of its irregularities.
 */
export function readFrameLog(log: FrameLog, imei: string, codec: StreamCodec | undefined): FrameLogRow[] {
  const session = newSession();
  session.imei = imei;
  return log.frames().map(({ at, dir, bytes, refused }) => {
    const row: FrameLogRow = { at, dir, hex: bytes.toString('hex') };
    if (refused) row.refused = true;
    if (codec?.text) row.text = bytes.toString('latin1');
    if (dir === 'in' && codec) {
      try {
        const d = codec.decode(bytes, session, at);
        const notes = d.irregular?.length ? irregularityNotes(d.irregular, refused) : '';
        row.summary = notes ? `${d.summary}; ${notes}` : d.summary;
      } catch (err) {
        row.error = (err as Error).message;
      }
    }
    return row;
  });
}
