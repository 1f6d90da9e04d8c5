// The device protocols bench's pure parts (protocols.ts runs them before the connections): (a)
// decoding alone, frames a second on one core: GT06 and JT/T 808, and H02, TRV and Teltonika over
// real frames of the field; (b) fuzzing every stream decoder with random and mutated frames, where
// only a ProtocolError may escape and the heap must not grow. Also the corpus's fixes and the
// collector the connections' memory figures use.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CODECS } from '../../src/server/protocols/registry';
import { newSession, type StreamCodec } from '../../src/server/protocols/types';
import { gt06Frames, Jt808Terminal, watchFrames, type SimFix } from '../../src/sim/protocols/frames';
import { fuzz, RESEAL } from '../server/protocols/codec-fuzz';
import { H02_FRAMES } from '../server/protocols/fixtures/h02';
import { TELTONIKA_FRAMES } from '../server/protocols/fixtures/teltonika';
import { TRV_FRAMES } from '../server/protocols/fixtures/trv';
import { QUICK, sized } from './size';

const DECODES = sized(QUICK ? 200_000 : 1_000_000, 2_000);
const FUZZ_RUNS = sized(QUICK ? 100_000 : 1_000_000, 2_000, 'BENCH_FUZZ_RUNS');

/** The targets (docs/protocols.md, README "Tests"). */
const DECODE_TARGET = 200_000;
/** The families decoded from real frames of the field (H02, TRV, Teltonika): per core. */
const FIELD_DECODE_TARGET = 100_000;
/** Heap left after the fuzz, beyond what it started with: anything more is a leak. */
const HEAP_GROWTH_MB = 8;

const MB = 1024 * 1024;
const f = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');

/** The collector, also when node runs without --expose-gc: heap figures mean something only after one. */
export const gc: () => void = (() => {
  if (typeof global.gc === 'function') return global.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

/** A fix of the corpus, moving with `i`. */
export const fix = (i: number): SimFix => ({
  lat: 22.54 + (i % 100) * 1e-4,
  lon: 114.06 - (i % 70) * 1e-4,
  speed: i % 60,
  heading: i % 360,
  at: 1_700_000_000_000 + i * 1000,
  satellites: 8,
});

/** The families whose corpus is real frames from the field (tests/server/protocols/fixtures). */
const FIELD = ['h02', 'trv', 'teltonika'] as const;

/** Frames as devices send them (the simulator's builders, or real ones): the decode and fuzz corpus. */
function corpus(): Record<'gt06' | 'jt808' | 'watch' | (typeof FIELD)[number], Buffer[]> {
  const term = new Jt808Terminal('13912345678');
  const imei = '860100000000042';
  return {
    gt06: [
      gt06Frames.login(imei, 1),
      ...Array.from({ length: 6 }, (_, i) => gt06Frames.location(i + 2, fix(i))),
      gt06Frames.heartbeat(9, 70),
      gt06Frames.alarm(10, fix(3), 'sos'),
      gt06Frames.alarm(11, fix(4), 'removed'),
    ],
    jt808: [
      term.register(),
      term.authenticate('code'),
      term.heartbeat(),
      ...Array.from({ length: 6 }, (_, i) => term.location(fix(i))),
      term.location(fix(7), true),
    ],
    watch: [
      watchFrames.link(imei, 80, 100),
      ...Array.from({ length: 4 }, (_, i) => watchFrames.position(imei, fix(i), 70, i)),
      watchFrames.alarm(imei, fix(5), 60, 'sos'),
      watchFrames.alarm(imei, fix(6), 60, 'fall'),
    ],
    h02: H02_FRAMES,
    trv: TRV_FRAMES,
    teltonika: TELTONIKA_FRAMES,
  };
}

/**
 * The frames of a real corpus a bound connection decodes (its data: not the login, nothing the
 * decoder refuses): decoded once beforehand with the same session the rate is measured with.
 */
function dataFrames(codec: StreamCodec, frames: Buffer[]): Buffer[] {
  return frames.filter((frame) => {
    const session = newSession();
    session.imei = '860100000000042';
    try {
      return !codec.decode(frame, session, 1_700_000_000_000).login;
    } catch {
      return false;
    }
  });
}

/** (a) Decoding alone (no framing, no socket), the data frames a device sends most: one core. */
function decodeRate(codec: StreamCodec, frames: Buffer[]): number {
  const session = newSession();
  session.imei = codec.name === 'jt808' ? '13912345678' : '860100000000042';
  let sink = 0;
  for (let i = 0; i < Math.min(DECODES, 20_000); i++)
    sink += codec.decode(frames[i % frames.length]!, session, 1_700_000_000_000).uplinks.length;
  const t0 = performance.now();
  for (let i = 0; i < DECODES; i++)
    sink += codec.decode(frames[i % frames.length]!, session, 1_700_000_000_000).uplinks.length;
  const rate = DECODES / ((performance.now() - t0) / 1000);
  if (sink < 0) throw new Error('unreachable');
  return rate;
}

/** (a) The decoding lines: each family's frames a second against its target. */
export function decodingLines(): string[] {
  const c = corpus();
  const lines = [`Device protocols, decoding (no framing, no socket), ${f(DECODES)} frames each, one core:`];
  for (const name of ['gt06', 'jt808'] as const) {
    // Data frames: the login and registration are once a connection.
    const data = c[name].slice(name === 'gt06' ? 1 : 2);
    const rate = decodeRate(CODECS[name], data);
    lines.push(`  ${name}: ${f(rate)} frames/s (target >= ${f(DECODE_TARGET)}) ${verdict(rate >= DECODE_TARGET)}`);
  }
  lines.push(`  watch: ${f(decodeRate(CODECS.watch, c.watch.slice(1)))} frames/s (no target)`);
  for (const name of FIELD) {
    const data = dataFrames(CODECS[name], c[name]);
    const rate = decodeRate(CODECS[name], data);
    lines.push(
      `  ${name}: ${f(rate)} frames/s over ${data.length} real frames (target >= ${f(FIELD_DECODE_TARGET)}) ${verdict(rate >= FIELD_DECODE_TARGET)}`,
    );
  }
  return lines;
}

/** (b) Random and mutated frames through each framer and decoder; the heap before and after, collected. */
export function fuzzLines(): string[] {
  const c = corpus();
  const lines = [
    `Device protocols, fuzz: ${f(FUZZ_RUNS)} random and mutated frames per decoder (split at random, as TCP may), only ProtocolError may escape:`,
  ];
  for (const name of ['gt06', 'jt808', 'watch', ...FIELD] as const) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const r = fuzz({ codec: CODECS[name], corpus: c[name], reseal: RESEAL[name], runs: FUZZ_RUNS, seed: 808 });
    const s = (performance.now() - t0) / 1000;
    gc();
    const after = process.memoryUsage().heapUsed;
    const growth = (after - before) / MB;
    const ok = r.escaped.length === 0 && growth < HEAP_GROWTH_MB;
    lines.push(
      `  ${name}: ${f(r.decoded)} reached the decoder, ${r.escaped.length} other exceptions${r.escaped.length ? ` (first: ${r.escaped[0]!.slice(0, 160)})` : ''}, ` +
        `${r.invalid.length} uplinks the schema refuses; heap ${f(before / MB)} -> ${f(after / MB)} MB after gc (target: no exception, growth < ${HEAP_GROWTH_MB} MB) ${verdict(ok)}; ${s.toFixed(1)} s`,
    );
  }
  return lines;
}
