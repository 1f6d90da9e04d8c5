/**
 * CRC-ITU as GT06 frames carry it: CRC-16/X-25 (polynomial 0x1021 reflected, initial 0xFFFF,
 * final XOR 0xFFFF), over the bytes from the length field through the serial number.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x8408 : c >>> 1;
    table[i] = c;
  }
  return table;
})();

/** The CRC-ITU of `buf[start, end)`. */
export function crcItu(buf: Uint8Array, start: number, end: number): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ buf[i]!) & 0xff]!;
  return ~crc & 0xffff;
}
