/**
 * Building Teltonika frames (docs/protocols.md, teltonika): the IMEI frame, AVL data packets of
 * codec 8, 8 Extended and 16, and codec 12 command and response packets. The simulator and the
 * tests use them; the service builds its codec 12 commands with `codec12`.
 */
import { crc16Ibm } from './crc';

export const CODEC_8 = 0x08;
export const CODEC_8E = 0x8e;
export const CODEC_16 = 0x10;
export const CODEC_12 = 0x0c;
/** Codec 12 packet types. */
export const CODEC12_COMMAND = 0x05;
export const CODEC12_RESPONSE = 0x06;

/** The first frame of a connection: 2-byte length and the IMEI in ASCII. */
export function imeiFrame(imei: string): Buffer {
  const out = Buffer.alloc(2 + imei.length);
  out.writeUInt16BE(imei.length, 0);
  out.write(imei, 2, 'latin1');
  return out;
}

/** Preamble, data length, the data, CRC-16/IBM of the data as 4 bytes. */
function seal(data: Buffer): Buffer {
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 4);
  data.copy(out, 8);
  out.writeUInt32BE(crc16Ibm(data, 0, data.length), 8 + data.length);
  return out;
}

/** An I/O element: its id and value; `size` 1, 2, 4 or 8 bytes, or a byte string (8 Extended's NX). */
export interface IoElement {
  id: number;
  value: number | bigint | Buffer;
  size?: 1 | 2 | 4 | 8;
}

interface AvlRecord {
  /** UTC ms. */
  ts: number;
  priority?: number;
  lat: number;
  lon: number;
  alt?: number;
  angle?: number;
  satellites?: number;
  /** km/h */
  speed?: number;
  /** The I/O element whose change made the record; 0 none. */
  eventId?: number;
  /** Codec 16's generation type. */
  generation?: number;
  io?: IoElement[];
}

/** Each numeric element's size: its own, else the smallest its value fits. */
function sizeOf(e: IoElement): 1 | 2 | 4 | 8 {
  if (e.size) return e.size;
  if (typeof e.value === 'bigint') return 8;
  const v = e.value as number;
  return v <= 0xff ? 1 : v <= 0xffff ? 2 : v <= 0xffffffff ? 4 : 8;
}

/** One record in `codec`'s layout. */
function avlRecord(codec: number, r: AvlRecord): Buffer {
  const wide = codec === CODEC_8E;
  const wideId = wide || codec === CODEC_16;
  const parts: Buffer[] = [];
  const head = Buffer.alloc(24);
  head.writeBigUInt64BE(BigInt(Math.round(r.ts)), 0);
  head[8] = r.priority ?? 0;
  head.writeInt32BE(Math.round(r.lon * 1e7), 9);
  head.writeInt32BE(Math.round(r.lat * 1e7), 13);
  head.writeInt16BE(Math.round(r.alt ?? 0), 17);
  head.writeUInt16BE(Math.round(r.angle ?? 0), 19);
  head[21] = r.satellites ?? 0;
  head.writeUInt16BE(Math.round(r.speed ?? 0), 22);
  parts.push(head);
  const io = r.io ?? [];
  const num = (n: number, wideField: boolean): Buffer => {
    const b = Buffer.alloc(wideField ? 2 : 1);
    if (wideField) b.writeUInt16BE(n);
    else b[0] = n;
    return b;
  };
  parts.push(num(r.eventId ?? 0, wideId));
  if (codec === CODEC_16) parts.push(Buffer.from([r.generation ?? 0]));
  parts.push(num(io.length, wide));
  for (const size of [1, 2, 4, 8] as const) {
    const group = io.filter((e) => !Buffer.isBuffer(e.value) && sizeOf(e) === size);
    parts.push(num(group.length, wide));
    for (const e of group) {
      parts.push(num(e.id, wideId));
      const v = Buffer.alloc(size);
      if (size === 8) v.writeBigUInt64BE(BigInt(e.value as number | bigint));
      else v.writeUIntBE(Number(e.value), 0, size);
      parts.push(v);
    }
  }
  if (wide) {
    const group = io.filter((e) => Buffer.isBuffer(e.value));
    parts.push(num(group.length, true));
    for (const e of group) {
      const v = e.value as Buffer;
      parts.push(num(e.id, true), num(v.length, true), v);
    }
  }
  return Buffer.concat(parts);
}

/** A whole AVL data packet of `records` (at most 255). */
export function avlPacket(codec: number, records: readonly AvlRecord[]): Buffer {
  const count = Buffer.from([records.length]);
  return seal(Buffer.concat([Buffer.from([codec]), count, ...records.map((r) => avlRecord(codec, r)), count]));
}

/** A codec 12 packet of one command (type 0x05) or response (0x06) in ASCII. */
export function codec12(type: number, text: string): Buffer {
  const body = Buffer.from(text, 'latin1');
  const data = Buffer.alloc(3 + 4 + body.length + 1);
  data[0] = CODEC_12;
  data[1] = 1;
  data[2] = type;
  data.writeUInt32BE(body.length, 3);
  body.copy(data, 7);
  data[7 + body.length] = 1;
  return seal(data);
}

/** The service's answer to an AVL packet: its record count as a 4-byte number. */
export function recordCount(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
}
