/**
 * One JT/T 808 message on the wire: 0x7E, header, body, XOR check code, 0x7E; inside, 0x7E is
 * sent as 0x7D 0x02 and 0x7D as 0x7D 0x01. The header is the message id, the body properties
 * (bits 0-9 body length, 10-12 encryption, 13 split into packets, 14 the 2019 edition's
 * version flag), [protocol version], the terminal's phone number in BCD (6 bytes; 10 in 2019),
 * the serial number and, for a split message, the packet count and index.
 *
 * Some terminals use 0xE7 as the flag instead (Traccar's "alternative" delimiter): inside, 0xE7
 * travels as 0xE6 0x02, 0xE6 as 0xE6 0x01, 0x3D as 0x3E 0x02 and 0x3E as 0x3E 0x01, and the
 * terminal id is 7 bytes.
 *
 * Leniencies (docs/protocols.md, jt808): a wrong check code, a body length that disagrees with
 * the body, the encryption bits set on a plain body and an escape byte followed by anything but
 * its two codes (the pair dropped) are accepted and named in `irregular`, as Traccar accepts them.
 */
import { ProtocolError } from '../types';

/** The longest body the 10-bit length allows. */
export const MAX_BODY = 0x3ff;

/** The standard flag, and the alternative some terminals use. */
export const FLAG = 0x7e;
export const ALT_FLAG = 0xe7;

/** What the framing of a message got wrong and was accepted with (the server's Irregularity). */
type FrameIrregularity = 'checksumMismatch' | 'lengthMismatch' | 'encryptionBit' | 'badEscape';

/** What a reply needs of the message it answers, and what a command needs of the terminal. */
export interface Terminal {
  /** The phone number's BCD bytes as the terminal sent them (6, or 10 in the 2019 edition; 7 with the 0xE7 flag). */
  phone: Buffer;
  /** The 2019 edition's protocol version; undefined for 2011/2013 terminals. */
  version: number | undefined;
  /** ALT_FLAG when the terminal frames with 0xE7; undefined for the standard 0x7E. */
  flag?: number;
}

export interface Message extends Terminal {
  id: number;
  serial: number;
  /** Split messages (multimedia): packet count and index. */
  packets: { total: number; index: number } | undefined;
  /** The unescaped message, and where the body lies in it. */
  data: Buffer;
  bodyStart: number;
  bodyEnd: number;
  /** What the frame got wrong and was accepted with; undefined when it kept to the standard. */
  irregular: FrameIrregularity[] | undefined;
}

/** Set by unescape when it dropped a bad escape (read at once by parseFrame; no await between). */
let droppedEscape = false;

/**
 * The frame between its flags, unescaped (a copy only when it held escapes). An escape byte
 * followed by anything but its two codes is dropped with the byte after it (as Traccar does),
 * and `droppedEscape` set.
 */
function unescape(frame: Buffer, alt: boolean): Buffer {
  droppedEscape = false;
  const inner = frame.subarray(1, frame.length - 1);
  const esc1 = alt ? 0xe6 : 0x7d;
  const esc2 = alt ? 0x3e : -1;
  let at = next(inner, 0, esc1, esc2);
  if (at < 0) return inner;
  const out = Buffer.allocUnsafe(inner.length);
  let n = 0;
  let from = 0;
  while (at >= 0) {
    n += inner.copy(out, n, from, at);
    const escape = inner[at]!;
    const code = inner[at + 1];
    if (code === 0x01) out[n++] = escape;
    else if (code === 0x02) out[n++] = escape === 0x7d ? 0x7e : escape === 0xe6 ? 0xe7 : 0x3d;
    else droppedEscape = true;
    from = at + 2;
    at = from < inner.length ? next(inner, from, esc1, esc2) : -1;
  }
  if (from < inner.length) n += inner.copy(out, n, from);
  return out.subarray(0, n);
}

function next(b: Buffer, from: number, a: number, c: number): number {
  const i = b.indexOf(a, from);
  if (c < 0) return i;
  const j = b.indexOf(c, from);
  return i < 0 ? j : j < 0 ? i : Math.min(i, j);
}

/**
 * Reads one whole frame (the framer's): flags, escapes, header. A wrong check code or body
 * length, the encryption bits and a bad escape are accepted and named in `irregular`; the body
 * is what lies between the header and the check code.
 */
export function parseFrame(frame: Buffer): Message {
  const flag = frame[0];
  if (frame.length < 2 || (flag !== FLAG && flag !== ALT_FLAG) || frame[frame.length - 1] !== flag)
    throw new ProtocolError('no 0x7e flags');
  const alt = flag === ALT_FLAG;
  const data = unescape(frame, alt);
  let irregular: FrameIrregularity[] | undefined;
  if (droppedEscape) irregular = ['badEscape'];
  if (data.length < 13) throw new ProtocolError(`message of ${data.length} bytes`);
  const last = data.length - 1;
  let check = 0;
  for (let i = 0; i < last; i++) check ^= data[i]!;
  if (check !== data[last]) (irregular ??= []).push('checksumMismatch');
  const props = data.readUInt16BE(2);
  // RSA (bit 10) or a reserved scheme: the bodies are plain all the same (nobody sends them encrypted).
  if (props & 0x1c00) (irregular ??= []).push('encryptionBit');
  const v2019 = (props & 0x4000) !== 0;
  const phoneAt = v2019 ? 5 : 4;
  let o = phoneAt + (v2019 ? 10 : alt ? 7 : 6);
  if (o + 2 > last) throw new ProtocolError('short header');
  const phone = data.subarray(phoneAt, o);
  const serial = data.readUInt16BE(o);
  o += 2;
  let packets: Message['packets'];
  if (props & 0x2000) {
    if (o + 4 > last) throw new ProtocolError('short header');
    packets = { total: data.readUInt16BE(o), index: data.readUInt16BE(o + 2) };
    o += 4;
  }
  if (last - o !== (props & MAX_BODY)) (irregular ??= []).push('lengthMismatch');
  return {
    id: data.readUInt16BE(0),
    serial,
    phone,
    version: v2019 ? data[4] : undefined,
    flag: alt ? ALT_FLAG : undefined,
    packets,
    data,
    bodyStart: o,
    bodyEnd: last,
    irregular,
  };
}

/** Digits without leading zeros, at least 6 kept (the shortest identifier). */
function stripZeros(digits: string): string {
  let i = 0;
  while (i < digits.length - 6 && digits[i] === '0') i++;
  return digits.slice(i);
}

/** The Luhn check digit of a string of digits (an IMEI's 15th). */
function luhn(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The identifiers a terminal id may be registered under, in order of preference: the BCD digits as
 * sent (leading zeros kept: the label's `013912345678`); for the 2019 edition's 20 digits, the
 * 12-digit form of the earlier editions; then each without leading zeros. An id that is not BCD
 * is an IMEI in binary (2 + 4 bytes; a 10-byte id's last 6): its 14 digits and Luhn digit, then
 * the id's hex as sent.
 */
export function terminalIds(phone: Buffer): string[] {
  const digits = phone.toString('hex');
  let bcd = true;
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    if (c > 57) {
      bcd = false;
      break;
    }
  }
  const out: string[] = [];
  const add = (id: string) => {
    if (id.length >= 6 && !out.includes(id)) out.push(id);
  };
  if (bcd) {
    add(digits);
    if (digits.length === 20) add(digits.slice(8));
    add(stripZeros(digits));
    if (digits.length === 20) add(stripZeros(digits.slice(8)));
    return out;
  }
  const at = phone.length >= 10 ? phone.length - 6 : 0;
  const value = phone.readUInt16BE(at) * 0x1_0000_0000 + phone.readUInt32BE(at + 2);
  const body = String(value);
  add(body + luhn(body));
  add(digits);
  return out;
}

/** The escape byte that `byte` travels behind (0: none): the flag and the escape byte; 0xE7 framing: also 0x3D, 0x3E. */
function escapeOf(byte: number, alt: boolean): number {
  if (!alt) return byte === 0x7d || byte === 0x7e ? 0x7d : 0;
  if (byte === 0xe6 || byte === 0xe7) return 0xe6;
  return byte === 0x3d || byte === 0x3e ? 0x3e : 0;
}

/**
 * A whole frame from the platform to `terminal`: header (same edition, id and flag as the
 * terminal's), body, check code, escaped, flagged.
 */
export function buildFrame(id: number, serial: number, terminal: Terminal, body: Uint8Array): Buffer {
  if (body.length > MAX_BODY) throw new ProtocolError(`body of ${body.length} bytes over ${MAX_BODY}`);
  const v2019 = terminal.version !== undefined;
  const phoneAt = v2019 ? 5 : 4;
  const head = phoneAt + terminal.phone.length + 2;
  const raw = Buffer.allocUnsafe(head + body.length + 1);
  raw.writeUInt16BE(id, 0);
  raw.writeUInt16BE(body.length | (v2019 ? 0x4000 : 0), 2);
  if (v2019) raw[4] = terminal.version!;
  raw.set(terminal.phone, phoneAt);
  raw.writeUInt16BE(serial & 0xffff, head - 2);
  raw.set(body, head);
  let check = 0;
  for (let i = 0; i < raw.length - 1; i++) check ^= raw[i]!;
  raw[raw.length - 1] = check;
  const alt = terminal.flag === ALT_FLAG;
  const flag = alt ? ALT_FLAG : FLAG;
  let escapes = 0;
  for (const byte of raw) if (escapeOf(byte, alt)) escapes++;
  const out = Buffer.allocUnsafe(raw.length + escapes + 2);
  let n = 0;
  out[n++] = flag;
  for (const byte of raw) {
    const escape = escapeOf(byte, alt);
    if (escape) {
      out[n++] = escape;
      out[n++] = byte === escape ? 0x01 : 0x02;
    } else out[n++] = byte;
  }
  out[n] = flag;
  return out;
}
