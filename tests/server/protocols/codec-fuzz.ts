/**
 * Fuzzing a binary codec: random and mutated frames through its framer and decoder, where only
 * a ProtocolError may escape and every uplink decoded must pass the gateway's uplinkSchema.
 * Deterministic: a seeded generator, so a failure can be replayed.
 */
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { crcItu } from '../../../src/shared/protocols/gt06/crc';
import { newSession, ProtocolError, type StreamCodec } from '../../../src/server/protocols/types';
import { resealH02 } from './fixtures/h02';
import { resealTeltonika } from './fixtures/teltonika';
import { resealTrv } from './fixtures/trv';

/** mulberry32: a small seeded generator. */
export function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface FuzzOptions {
  codec: StreamCodec;
  /** Valid frames to mutate. */
  corpus: readonly Buffer[];
  /** Makes a mutated frame's checksum right again, so the mutation reaches the decoder. */
  reseal: (frame: Buffer) => Buffer;
  runs: number;
  seed: number;
  /** Told every uplink decoded (valid or not). */
  onUplink?: (uplink: unknown) => void;
}

export interface FuzzResult {
  /** Frames the decoder saw (the rest the framer dropped or held). */
  decoded: number;
  /** Errors other than ProtocolError, with the input that raised them. */
  escaped: string[];
  /** Uplinks the gateway's schema refuses, with the input. */
  invalid: string[];
}

function mutate(frame: Buffer, next: () => number): Buffer {
  const out = Buffer.from(frame);
  const flips = 1 + Math.floor(next() * 4);
  for (let i = 0; i < flips; i++) out[Math.floor(next() * out.length)] = Math.floor(next() * 256);
  // Sometimes cut it short or pad it out, as a broken modem would.
  const cut = next();
  if (cut < 0.1) return out.subarray(0, Math.floor(next() * out.length));
  if (cut < 0.2)
    return Buffer.concat([
      out,
      Buffer.from(Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 256))),
    ]);
  return out;
}

export function fuzz(o: FuzzOptions): FuzzResult {
  const next = rng(o.seed);
  const result: FuzzResult = { decoded: 0, escaped: [], invalid: [] };
  for (let run = 0; run < o.runs; run++) {
    let input: Buffer;
    const kind = next();
    if (kind < 0.3)
      input = Buffer.from(Array.from({ length: Math.floor(next() * 120) }, () => Math.floor(next() * 256)));
    else {
      const base = o.corpus[Math.floor(next() * o.corpus.length)]!;
      const mutated = mutate(base, next);
      input = kind < 0.85 && mutated.length > 8 ? o.reseal(mutated) : mutated;
    }
    const framer = o.codec.framer();
    const session = newSession();
    try {
      // Split at a random point, as TCP may.
      const at = Math.floor(next() * (input.length + 1));
      const frames = [...framer.push(input.subarray(0, at)), ...framer.push(input.subarray(at))];
      for (const frame of frames) {
        try {
          const d = o.codec.decode(frame, session, 1_700_000_000_000);
          result.decoded++;
          for (const u of d.uplinks) o.onUplink?.(u);
          for (const u of d.uplinks)
            if (!uplinkSchema.safeParse(u).success)
              result.invalid.push(`${input.toString('hex')} -> ${JSON.stringify(u)}`);
          d.answer?.({ ok: true, authCode: 'A1' });
        } catch (e) {
          if (!(e instanceof ProtocolError)) result.escaped.push(`${input.toString('hex')}: ${String(e)}`);
        }
      }
    } catch (e) {
      if (!(e instanceof ProtocolError)) result.escaped.push(`${input.toString('hex')}: ${String(e)}`);
    }
  }
  return result;
}

/** GT06: the length field set to the frame's size, the stop bits and a right CRC, so mutations reach the decoder. */
function resealGt06(frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  const long = out[0] === 0x79;
  out[1] = out[0] = long ? 0x79 : 0x78;
  const head = long ? 4 : 3;
  if (long) out.writeUInt16BE(out.length - head - 2, 2);
  else out[2] = (out.length - head - 2) & 0xff;
  out[out.length - 2] = 0x0d;
  out[out.length - 1] = 0x0a;
  out.writeUInt16BE(crcItu(out, 2, out.length - 4), out.length - 4);
  return out;
}

/** JT/T 808: flags at both ends, the body length the header declares, a right check code; escapes left as the mutation made them. */
function resealJt808(frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  out[0] = out[out.length - 1] = 0x7e;
  const inner = out.subarray(1, -2);
  if (inner.includes(0x7e) || inner.includes(0x7d) || inner.length < 12) return out;
  const v2019 = (inner[2]! & 0x40) !== 0;
  const head = (v2019 ? 17 : 12) + (inner[2]! & 0x20 ? 4 : 0);
  const size = Math.max(0, Math.min(0x3ff, inner.length - head));
  inner[2] = (inner[2]! & 0xfc) | (size >> 8);
  inner[3] = size & 0xff;
  out[out.length - 2] = inner.reduce((x, v) => x ^ v, 0);
  return out;
}

/** Watch: its brackets kept (the length field is left to the mutation). */
function resealWatch(frame: Buffer): Buffer {
  const out = Buffer.from(frame);
  out[0] = 0x5b;
  out[out.length - 1] = 0x5d;
  return out;
}

/** Each stream protocol's reseal (FuzzOptions.reseal). */
export const RESEAL = {
  gt06: resealGt06,
  jt808: resealJt808,
  watch: resealWatch,
  h02: resealH02,
  trv: resealTrv,
  teltonika: resealTeltonika,
} as const;
