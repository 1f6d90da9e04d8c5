/**
 * GBK, the text encoding of JT/T 808 (text broadcasts, authentication codes). Node decodes it
 * (TextDecoder, ICU) but has no encoder and no GBK package is installed: the encoding table is
 * the decoder's, inverted once on first use (about 22,000 two-byte codes).
 */
let table: Map<number, number> | undefined;

function build(): Map<number, number> {
  const decoder = new TextDecoder('gbk');
  const map = new Map<number, number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const ch = decoder.decode(pair);
      const code = ch.charCodeAt(0);
      if (ch.length === 1 && code !== 0xfffd && !map.has(code)) map.set(code, (lead << 8) | trail);
    }
  }
  return map;
}

/** `text` in GBK; a character GBK lacks (emoji, rare scripts) becomes '?'. */
export function encodeGbk(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      out.push(code);
      continue;
    }
    table ??= build();
    const gbk = table.get(code);
    if (gbk === undefined) out.push(0x3f);
    else out.push(gbk >> 8, gbk & 0xff);
  }
  return Buffer.from(out);
}

const decoder = new TextDecoder('gbk');

/** GBK bytes as text, up to the first NUL (fixed-width fields are NUL-padded). */
export function decodeGbk(bytes: Uint8Array): string {
  const nul = bytes.indexOf(0);
  return decoder.decode(nul < 0 ? bytes : bytes.subarray(0, nul));
}
