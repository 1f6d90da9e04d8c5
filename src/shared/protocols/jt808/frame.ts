/**
 * One JT/T 808 message on the wire: 0x7E, header, body, XOR check code, 0x7E; inside, 0x7E is
 * sent as 0x7D 0x02 and 0x7D as 0x7D 0x01. The header is the message id, the body properties
 * (bits 0-9 body length, 10-12 encryption, 13 split into packets, 14 the 2019 edition's
 * version flag), [protocol version], the terminal's phone number in BCD (6 bytes; 10 in 2019),
 * the serial number and, for a split message, the packet count and index.
 */
import { ProtocolError } from '../types';

/** The longest body the 10-bit length allows. */
export const MAX_BODY = 0x3ff;

/** What a reply needs of the message it answers, and what a command needs of the terminal. */
export interface Terminal {
  /** The phone number's BCD bytes as the terminal sent them (6, or 10 in the 2019 edition). */
  phone: Buffer;
  /** The 2019 edition's protocol version; undefined for 2011/2013 terminals. */
  version: number | undefined;
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
}

/** The frame between its flags, unescaped (a copy only when it held escapes). */
function unescape(frame: Buffer): Buffer {
  const inner = frame.subarray(1, frame.length - 1);
  let at = inner.indexOf(0x7d);
  if (at < 0) return inner;
  const out = Buffer.allocUnsafe(inner.length);
  let n = 0;
  let from = 0;
  while (at >= 0) {
    n += inner.copy(out, n, from, at);
    const code = inner[at + 1];
    if (code === 0x01) out[n++] = 0x7d;
    else if (code === 0x02) out[n++] = 0x7e;
    else throw new ProtocolError('bad escape 0x7d');
    from = at + 2;
    at = inner.indexOf(0x7d, from);
  }
  n += inner.copy(out, n, from);
  return out.subarray(0, n);
}

/** Reads one whole frame (the framer's), checking flags, escapes, check code and body length. */
export function parseFrame(frame: Buffer): Message {
  if (frame.length < 2 || frame[0] !== 0x7e || frame[frame.length - 1] !== 0x7e)
    throw new ProtocolError('no 0x7e flags');
  const data = unescape(frame);
  if (data.length < 13) throw new ProtocolError(`message of ${data.length} bytes`);
  const last = data.length - 1;
  let check = 0;
  for (let i = 0; i < last; i++) check ^= data[i]!;
  if (check !== data[last]) throw new ProtocolError('bad check code');
  const props = data.readUInt16BE(2);
  if (props & 0x1c00) throw new ProtocolError('encrypted message');
  const v2019 = (props & 0x4000) !== 0;
  let o = v2019 ? 15 : 10;
  if (o + 2 > last) throw new ProtocolError('short header');
  const phone = data.subarray(v2019 ? 5 : 4, o);
  const serial = data.readUInt16BE(o);
  o += 2;
  let packets: Message['packets'];
  if (props & 0x2000) {
    if (o + 4 > last) throw new ProtocolError('short header');
    packets = { total: data.readUInt16BE(o), index: data.readUInt16BE(o + 2) };
    o += 4;
  }
  if (last - o !== (props & MAX_BODY))
    throw new ProtocolError(`body of ${last - o} bytes, header says ${props & MAX_BODY}`);
  return {
    id: data.readUInt16BE(0),
    serial,
    phone,
    version: v2019 ? data[4] : undefined,
    packets,
    data,
    bodyStart: o,
    bodyEnd: last,
  };
}

/** The terminal number: the phone number's BCD digits without leading zeros (at least 6 kept, the shortest identifier). */
export function terminalNumber(phone: Buffer): string {
  const digits = phone.toString('hex');
  let i = 0;
  while (i < digits.length - 6 && digits[i] === '0') i++;
  return digits.slice(i);
}

/** A whole frame from the platform to `terminal`: header (same edition as the terminal's), body, check code, escaped, flagged. */
export function buildFrame(id: number, serial: number, terminal: Terminal, body: Uint8Array): Buffer {
  if (body.length > MAX_BODY) throw new ProtocolError(`body of ${body.length} bytes over ${MAX_BODY}`);
  const v2019 = terminal.version !== undefined;
  const head = v2019 ? 17 : 12;
  const raw = Buffer.allocUnsafe(head + body.length + 1);
  raw.writeUInt16BE(id, 0);
  raw.writeUInt16BE(body.length | (v2019 ? 0x4000 : 0), 2);
  if (v2019) raw[4] = terminal.version!;
  raw.set(terminal.phone, v2019 ? 5 : 4);
  raw.writeUInt16BE(serial & 0xffff, head - 2);
  raw.set(body, head);
  let check = 0;
  for (let i = 0; i < raw.length - 1; i++) check ^= raw[i]!;
  raw[raw.length - 1] = check;
  let escapes = 0;
  for (const byte of raw) if (byte === 0x7d || byte === 0x7e) escapes++;
  const out = Buffer.allocUnsafe(raw.length + escapes + 2);
  let n = 0;
  out[n++] = 0x7e;
  for (const byte of raw) {
    if (byte === 0x7d || byte === 0x7e) {
      out[n++] = 0x7d;
      out[n++] = byte === 0x7d ? 0x01 : 0x02;
    } else out[n++] = byte;
  }
  out[n] = 0x7e;
  return out;
}
