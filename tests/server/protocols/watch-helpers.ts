import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { uplinkSchema, type Uplink } from '../../../src/shared/devices/protocol';
import { watch } from '../../../src/server/protocols/watch';
import { newSession, type Decoded, type Session } from '../../../src/server/protocols/types';

/**
 * What the "3G" watch protocol's tests share (docs/protocols.md). Frames are those of Traccar's
 * WatchProtocolDecoderTest / WatchFrameDecoderTest (watches in the field) unless a test says it
 * built its own.
 */

export const NOW = Date.UTC(2026, 0, 1);
export const ascii = (s: string) => Buffer.from(s, 'latin1');
export const hex = (h: string) => Buffer.from(h, 'hex');

export function decode(frame: string | Buffer, session: Session = newSession()): Decoded {
  const d = watch.decode(typeof frame === 'string' ? ascii(frame) : frame, session, NOW);
  // Every uplink must pass the gateway's own schema.
  for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).error).toBeUndefined();
  return d;
}

export const of = <K extends Uplink['kind']>(d: Decoded, kind: K) =>
  d.uplinks.filter((u): u is Extract<Uplink, { kind: K }> => u.kind === kind);

/** Three chunks of a six-part JXTK voice message, as a ZJ watch sent them (escaped AMR). */
export const JXTK = hex(readFileSync(new URL('./fixtures/watch-jxtk.hex', import.meta.url), 'utf8').trim());
