/**
 * CRC-16/IBM as Teltonika packets carry it (the "Codec" document: CRC-16/ARC, polynomial 0xA001
 * reflected, initial 0, no final XOR), over the bytes from the codec id through the second
 * record count, sent as a 4-byte big-endian number.
 */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[i] = c;
  }
  return table;
})();

/** The CRC-16/IBM of `buf[start, end)`. */
export function crc16Ibm(buf: Uint8Array, start: number, end: number): number {
  let crc = 0;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ buf[i]!) & 0xff]!;
  return crc;
}
