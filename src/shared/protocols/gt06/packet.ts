/** Building GT06 packets: the platform's replies and commands. */
import { crcItu } from './crc';

/**
 * A whole packet: start bits (0x7878, or 0x7979 with a two-byte length when `long`), length,
 * protocol number, content, serial number, CRC-ITU, 0x0D 0x0A.
 */
export function packet(type: number, serial: number, content?: Uint8Array, long = false): Buffer {
  const size = content?.length ?? 0;
  const head = long ? 4 : 3;
  const length = 1 + size + 2 + 2;
  const out = Buffer.allocUnsafe(head + length + 2);
  out[0] = out[1] = long ? 0x79 : 0x78;
  if (long) out.writeUInt16BE(length, 2);
  else out[2] = length;
  out[head] = type;
  if (content) out.set(content, head + 1);
  let p = head + 1 + size;
  out.writeUInt16BE(serial & 0xffff, p);
  p += 2;
  out.writeUInt16BE(crcItu(out, 2, p), p);
  out[p + 2] = 0x0d;
  out[p + 3] = 0x0a;
  return out;
}
