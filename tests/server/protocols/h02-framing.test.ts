import { describe, expect, it } from 'vitest';
import { uplinkSchema } from '../../../src/shared/devices/protocol';
import { h02 } from '../../../src/server/protocols/h02';
import { ProtocolError } from '../../../src/server/protocols/types';
import { H02Framer, MAX_FRAME } from '../../../src/shared/protocols/h02/frame';
import { h02Binary, h02Frames } from '../../../src/shared/protocols/h02/build';
import { fuzz } from './codec-fuzz';
import { H02_BINARY, H02_FRAMES, H02_TEXT, resealH02 } from './fixtures/h02';

/** docs/protocols.md#h02 "Frames": text `*XX,...#` and the binary `$` reports on one stream. */
const text = (s: string) => Buffer.from(s, 'latin1');
const hex = (h: string) => Buffer.from(h, 'hex');

describe('H02 framing', () => {
  it("cuts Traccar's frame decoder test streams as it does: a line end skipped, a short binary report before a text frame", () => {
    const f = new H02Framer();
    const v1 = hex(
      '2a48512c3335353438383032303131333931312c56312c3031323934352c412c353233312e37393238332c4e2c30313332342e31303731382c452c302e30352c302c3137303231372c464646464646464623',
    );
    expect(f.push(Buffer.concat([v1, hex('0d0a')]))).toEqual([v1]);
    const bin = hex(H02_BINARY.short);
    const next = hex(
      '2a48512c343130363031313636302c56312c3132343535322c412c353033352e333132392c4e2c30303433312e383231312c452c3030302e32302c3030302c3133313131362c464646464642464623',
    );
    expect(f.push(Buffer.concat([bin, next]))).toEqual([bin, next]);
    expect(f.pending()).toBe(0);
    expect(f.dropped()).toBe(0);
  });

  it('joins a frame split across chunks, byte by byte, and takes several from one chunk', () => {
    const f = new H02Framer();
    const a = text(H02_TEXT.nbr);
    const got: Buffer[] = [];
    for (const b of a) got.push(...f.push(Buffer.from([b])));
    expect(got).toEqual([a]);
    const b = text(H02_TEXT.link);
    const c = hex(H02_BINARY.longSos);
    const d = text(H02_TEXT.htbt);
    const all = Buffer.concat([a, b, c, d]);
    const cut = a.length + 10;
    expect(f.push(all.subarray(0, cut))).toEqual([a]);
    expect(f.pending()).toBe(10);
    expect(f.push(all.subarray(cut))).toEqual([b, c, d]);
    expect(f.pending()).toBe(0);
  });

  it('takes each binary size: 32, 45 (extended) and 42 (15-digit id), also back to back', () => {
    for (const h of [H02_BINARY.short, H02_BINARY.longSos, H02_BINARY.longId]) {
      const b = hex(h);
      expect(new H02Framer().push(b)).toEqual([b]);
      const f = new H02Framer();
      expect(f.push(Buffer.concat([b, b, b]))).toEqual([b, b, b]);
      expect(f.pending()).toBe(0);
    }
    // A 45-byte report split after 32 bytes, on a connection whose reports are 45 bytes: held, not cut.
    const f = new H02Framer();
    const long = hex(H02_BINARY.long2);
    expect(f.push(long)).toEqual([long]);
    expect(f.push(long.subarray(0, 32))).toEqual([]);
    expect(f.push(long.subarray(32))).toEqual([long]);
  });

  it('skips garbage before and between frames, counting it, and line ends without counting them', () => {
    const f = new H02Framer();
    const a = text(H02_TEXT.v1West);
    const b = hex(H02_BINARY.short);
    const got = f.push(Buffer.concat([text('GET / HTTP/1.1\r\n'), a, text('\r\n'), text('zz*'), b, text('\n')]));
    expect(got).toEqual([a, b]);
    expect(f.dropped()).toBe('GET/HTTP/1.1'.length + 3);
    expect(f.dropped()).toBe(0);
  });

  it('drops a text frame cut off by a new one, and a text start broken by a control byte', () => {
    const f = new H02Framer();
    const a = text(H02_TEXT.htbt);
    expect(f.push(Buffer.concat([text('*HQ,4210051415,V1,16454'), a]))).toEqual([a]);
    expect(f.dropped()).toBe('*HQ,4210051415,V1,16454'.length);
    expect(f.push(Buffer.concat([text('*HQ,12'), Buffer.from([0x00, 0x01]), a]))).toEqual([a]);
    expect(f.dropped()).toBe(8);
  });

  it('refuses a text frame over the limit', () => {
    const f = new H02Framer();
    expect(() => f.push(text(`*HQ,4210051415,V1,${'1'.repeat(MAX_FRAME)}`))).toThrow(ProtocolError);
    expect(f.pending()).toBe(0);
  });

  it("reads the simulator's frames back", () => {
    const fix = { lat: -33.8688, lon: 151.2093, speed: 40, heading: 270, at: Date.UTC(2026, 10, 28, 8, 0, 5) };
    const session = { state: {} };
    const d = h02.decode(h02Frames.position('4210051415', fix), session, fix.at);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', ts: fix.at, valid: true, heading: 270 });
    const loc = d.uplinks[0] as { lat: number; lon: number; speed: number };
    expect(loc.lat).toBeCloseTo(fix.lat, 4);
    expect(loc.lon).toBeCloseTo(fix.lon, 4);
    expect(loc.speed).toBeCloseTo(40, 0);
    const bin = h02Binary('4210051415', fix, 5);
    expect(new H02Framer().push(bin)).toEqual([bin]);
    const b = h02.decode(bin, { state: {} }, fix.at);
    expect(b.imei).toBe('4210051415');
    expect(b.uplinks[0]).toMatchObject({ kind: 'location', ts: fix.at, valid: true, heading: 270 });
    expect((b.uplinks[0] as { lat: number }).lat).toBeCloseTo(fix.lat, 4);
    expect((b.uplinks[0] as { lon: number }).lon).toBeCloseTo(fix.lon, 4);
    expect(b.uplinks[1]).toEqual({ kind: 'status', ts: fix.at, battery: 80 });
  });

  it('fuzz: only ProtocolError escapes, every uplink passes the schema', () => {
    const result = fuzz({ codec: h02, corpus: H02_FRAMES, reseal: resealH02, runs: 5_000, seed: 5013 });
    expect(result.escaped).toEqual([]);
    expect(result.invalid).toEqual([]);
    expect(result.decoded).toBeGreaterThan(300);
    for (const frame of H02_FRAMES) {
      const d = h02.decode(frame, { state: {} }, Date.UTC(2026, 10, 28));
      for (const u of d.uplinks) expect(uplinkSchema.safeParse(u).success).toBe(true);
    }
  });
});
