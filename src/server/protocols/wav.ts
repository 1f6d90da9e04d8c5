/** Duration of a PCM WAV from its header (byte rate and data chunk size), or undefined. */
export function wavDurationMs(b: Buffer): number | undefined {
  if (b.length < 44 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE')
    return undefined;
  let byteRate = 0;
  for (let at = 12; at + 8 <= b.length;) {
    const id = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 16 <= b.length) byteRate = b.readUInt32LE(at + 16);
    if (id === 'data') {
      if (!byteRate) return undefined;
      // A streaming writer may leave the size unknown (0 or 0xffffffff): take what arrived.
      const data = Math.min(size || Infinity, b.length - at - 8);
      return Math.round((data / byteRate) * 1000);
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
}
