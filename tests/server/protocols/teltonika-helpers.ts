import { expect } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { teltonika } from '../../../src/server/protocols/teltonika';
import { newSession, type Decoded, type Session } from '../../../src/server/protocols/types';

/**
 * What the Teltonika codec's tests share (docs/protocols.md, teltonika). The CRC here is
 * CRC-16/IBM computed bit by bit, apart from the codec's table.
 */
export const NOW = Date.UTC(2026, 10, 28, 18, 0, 0);

/** CRC-16/IBM (ARC) bit by bit: reflected polynomial 0xA001, initial 0, no final XOR. */
export function arc(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** Decodes one whole frame, every uplink checked against the gateway's schema. */
export function decode(frame: Buffer, session: Session = newSession()): Decoded {
  const d = teltonika.decode(frame, session, NOW);
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success, JSON.stringify(u)).toBe(true);
  return d;
}

export const ofKind = <K extends Uplink['kind']>(d: Decoded, kind: K) =>
  d.uplinks.filter((u): u is Extract<Uplink, { kind: K }> => u.kind === kind);
