import { describe, expect, it } from 'vitest';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { checkedUplink } from '../../../src/server/ingest/uplink-check';
import { CODECS } from '../../../src/server/protocols/registry';
import { newSession } from '../../../src/server/protocols/types';
import { gt06Frames, Jt808Terminal, watchFrames, type SimFix } from '../../../src/sim/protocols/frames';
import { fuzz, RESEAL, rng } from '../protocols/codec-fuzz';

const fix = (i: number): SimFix => ({
  lat: 22.54 + i * 1e-4,
  lon: 114.06 - i * 1e-4,
  speed: i * 7,
  heading: (i * 45) % 360,
  at: 1_700_000_000_000 + i * 1000,
  satellites: 8,
});

/** Frames as the simulator's devices send them. */
function corpus() {
  const imei = '860100000000042';
  const term = new Jt808Terminal('13912345678');
  return {
    gt06: [
      gt06Frames.login(imei, 1),
      ...[0, 1, 2].map((i) => gt06Frames.location(i + 2, fix(i))),
      gt06Frames.heartbeat(9, 70, 3, true),
      ...(['sos', 'powerCut', 'lowBattery', 'removed', 'fall'] as const).map((a, i) =>
        gt06Frames.alarm(10 + i, fix(i), a),
      ),
    ],
    jt808: [
      term.register(),
      term.authenticate('code'),
      term.heartbeat(),
      term.location(fix(1)),
      term.location(fix(2), true),
    ],
    watch: [
      watchFrames.link(imei, 80, 100),
      ...[0, 1].map((i) => watchFrames.position(imei, fix(i), 70, i)),
      ...(['sos', 'lowBattery', 'removed', 'fall'] as const).map((a, i) => watchFrames.alarm(imei, fix(i), 60, a)),
    ],
  };
}

/** The uplinks the three stream decoders make of their corpus and of mutations of it. */
function decodersUplinks(runs: number): unknown[] {
  const out: unknown[] = [];
  const c = corpus();
  for (const name of ['gt06', 'jt808', 'watch'] as const) {
    const session = newSession();
    for (const frame of c[name]) {
      for (const f of CODECS[name].framer().push(frame))
        out.push(...CODECS[name].decode(f, session, 1_700_000_000_000).uplinks);
    }
    fuzz({ codec: CODECS[name], corpus: c[name], reseal: RESEAL[name], runs, seed: 47, onUplink: (u) => out.push(u) });
  }
  return out;
}

/** Odd values a field may be given: wrong types, text the database refuses, each range's edges and beyond. */
const ODD: unknown[] = [
  ...[
    4,
    4.5,
    5,
    90,
    90.5,
    91,
    99,
    100,
    100.5,
    101,
    180,
    181,
    360,
    361,
    999,
    1000,
    2000,
    2001,
    0xffffffff + 1,
    0xffffffffff + 1,
  ],
  ...[-90.5, -181, -200, -201].map(Number),
  ...[32, 33, 64, 65, 200, 201].map((n) => 'x'.repeat(n)),
  '00:11:22:33:44:5G',
  'sos',
  'gps',
  'sat',
  undefined,
  null,
  NaN,
  Infinity,
  -Infinity,
  -1,
  0,
  1.5,
  1e9,
  2 ** 60,
  '',
  'x',
  'a\u0000b',
  '\ud800',
  true,
  {},
  [],
  [{}],
];

/** Every uplink with one field changed to each odd value, one removed, one added. */
function mutations(u: Record<string, unknown>, next: () => number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const key of Object.keys(u)) {
    for (const v of ODD) out.push({ ...u, [key]: v });
    const { [key]: _, ...rest } = u;
    out.push(rest);
    const inner = u[key];
    // One level down: a cell, a Wi-Fi access point, a telemetry value.
    if (Array.isArray(inner) && inner.length && typeof inner[0] === 'object') {
      for (const k of Object.keys(inner[0] as object))
        out.push({
          ...u,
          [key]: [{ ...(inner[0] as object), [k]: ODD[Math.floor(next() * ODD.length)] }, ...inner.slice(1)],
        });
    } else if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      for (const k of Object.keys(inner)) for (const v of ODD) out.push({ ...u, [key]: { ...inner, [k]: v } });
      out.push({ ...u, [key]: { ...inner, notAMetric: 1 } });
    }
  }
  out.push({ ...u, extra: 1 });
  return out;
}

/** Uplinks of each kind the check knows, written by hand with every field it reads. */
const HAND: Record<string, unknown>[] = [
  {
    kind: 'location',
    ts: 1_700_000_000,
    id: 'm1',
    lat: 1,
    lon: 2,
    alt: 3,
    speed: 4,
    heading: 5,
    accuracy: 6,
    source: 'gps',
    valid: true,
    satellites: 7,
  },
  { kind: 'location', source: 'uwb', x: 1, y: 2, z: 0, floor: 'B1' },
  { kind: 'location', source: 'lbs', cells: [{ mcc: 460, mnc: 0, lac: 1, cid: 2, signal: -70 }] },
  { kind: 'location', source: 'wifi', wifi: [{ mac: '00:11:22:33:44:55', signal: -60 }] },
  {
    kind: 'status',
    id: 7,
    online: true,
    battery: 50,
    signal: 3,
    mainsPower: 1,
    charging: false,
    wearing: true,
    appVersion: 'a',
    systemVersion: 'b',
    iccid: 'c',
    imsi: 'd',
  },
  { kind: 'telemetry', ts: 1, values: { steps: 3, heartRate: 70 } },
  { kind: 'alarm', alarm: 'sos', value: 1, note: 'n' },
  { kind: 'event', name: 'gt06.overspeed', value: 1, note: 'n' },
];

describe('checkedUplink', () => {
  it('says yes only to what uplinkSchema accepts, as the very object it would answer', () => {
    const next = rng(4747);
    const base = [...decodersUplinks(300), ...HAND];
    let yes = 0;
    let cases = 0;
    for (const u of base) {
      const variants = u && typeof u === 'object' ? [u, ...mutations(u as Record<string, unknown>, next)] : [u];
      for (const v of variants) {
        cases++;
        const checked = checkedUplink(v);
        if (checked === undefined) continue;
        yes++;
        expect(checked).toBe(v);
        const parsed = uplinkSchema.safeParse(v);
        expect(parsed.success, JSON.stringify(v)).toBe(true);
        expect(parsed.data, JSON.stringify(v)).toStrictEqual(v);
      }
    }
    // The check is worth having: it answers for many of them.
    expect(cases).toBeGreaterThan(10_000);
    expect(yes).toBeGreaterThan(cases / 10);
  });

  it("answers for every uplink the decoders make of the simulator's frames, and for each hand-written kind", () => {
    const valid = decodersUplinks(0);
    expect(valid.length).toBeGreaterThan(20);
    for (const u of [...valid, ...HAND]) expect(checkedUplink(u), JSON.stringify(u)).toBe(u);
  });

  it('leaves kinds it does not know, and a location without its source, to the schema', () => {
    expect(checkedUplink({ kind: 'call', roomNo: '101' })).toBeUndefined();
    expect(checkedUplink({ kind: 'location', lat: 1, lon: 2 })).toBeUndefined();
    expect(uplinkSchema.parse({ kind: 'location', lat: 1, lon: 2 })).toMatchObject({ source: 'gps' });
    expect(checkedUplink({ kind: 'location', source: 'gps' })).toBeUndefined();
    expect(checkedUplink(null)).toBeUndefined();
  });
});
