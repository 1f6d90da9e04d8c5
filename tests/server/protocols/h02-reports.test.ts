import { describe, expect, it } from 'vitest';
import { h02 } from '../../../src/server/protocols/h02';
import { newSession, ProtocolError, type Session } from '../../../src/server/protocols/types';
import { H02_BINARY, H02_TEXT } from './fixtures/h02';

/** docs/protocols.md#h02: Traccar's test frames (real frames from the field) and what they carry. */
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const text = (s: string) => Buffer.from(s, 'latin1');
const decode = (frame: Buffer | string, session: Session = newSession()) =>
  h02.decode(typeof frame === 'string' ? text(frame) : frame, session, NOW);
const bin = (h: string) => Buffer.from(h, 'hex');

describe('H02 text reports', () => {
  it('V1: position in knots, UTC time, validity; answered V4,V1 with the time as Traccar answers', () => {
    const d = decode(H02_TEXT.v1West);
    expect(d.imei).toBe('4210051415');
    expect(d.uplinks).toHaveLength(1);
    const loc = d.uplinks[0]!;
    expect(loc).toMatchObject({ kind: 'location', ts: Date.UTC(2015, 11, 22, 16, 45, 49), valid: true, speed: 0 });
    expect((loc as { lat: number }).lat).toBeCloseTo(9.93978, 4);
    expect((loc as { lon: number }).lon).toBeCloseTo(-84.11178, 4);
    expect(d.reply!.toString()).toBe('*HQ,4210051415,V4,V1,20261128120000#');
  });

  it('V1: the coordinate forms Traccar reads (-DD-MM.MMMM, no point), an empty validity, speed with spaces', () => {
    const dashed = decode(H02_TEXT.v1Dashed).uplinks[0] as { lat: number; lon: number; ts: number; speed: number };
    expect(dashed.lat).toBeCloseTo(-23.48349, 4);
    expect(dashed.lon).toBeCloseTo(-46.85975, 4);
    expect(dashed.ts).toBe(Date.UTC(2015, 2, 7, 3, 1, 49));
    expect(dashed.speed).toBeCloseTo(2.4 * 1.852, 2);
    const noPoint = decode(H02_TEXT.v1NoPoint).uplinks[0] as { lat: number; lon: number; heading: number };
    expect(noPoint.lat).toBeCloseTo(-(37 + 57.3392 / 60), 5);
    expect(noPoint.lon).toBeCloseTo(145 + 3.7022 / 60, 4);
    expect(noPoint.heading).toBe(173);
    const empty = decode(H02_TEXT.v1NoValidity).uplinks[0];
    expect(empty).toMatchObject({ valid: false, ts: Date.UTC(2015, 9, 3, 5, 4, 18) });
    expect((empty as { lat: number }).lat).toBeCloseTo(28.46021, 4);
    expect((decode(H02_TEXT.v1Spaces).uplinks[0] as { speed: number }).speed).toBeCloseTo(3.34 * 1.852, 2);
    // A battery field before the date is skipped, as Traccar skips it.
    expect(decode(H02_TEXT.v1Battery).uplinks[0]).toMatchObject({ ts: Date.UTC(2018, 8, 8, 5, 40, 48) });
  });

  it('V1 cells after the status word: decimal and hex serving cells; the odometer form gives the altitude', () => {
    expect(decode(H02_TEXT.v1DecimalCell).uplinks[0]).toMatchObject({
      cells: [{ mcc: 246, mnc: 3, lac: 2, cid: 41565 }],
    });
    expect(decode(H02_TEXT.v1SosHexCell).uplinks[0]).toMatchObject({
      cells: [{ mcc: 604, mnc: 10, lac: 0x154, cid: 0xb04c }],
    });
    expect(decode(H02_TEXT.v1Odometer).uplinks[0]).toMatchObject({ alt: 18 });
    // No fix: stored on its cell alone.
    expect(decode(H02_TEXT.v1NoFixCell).uplinks).toEqual([
      { kind: 'location', ts: NOW, source: 'lbs', cells: [{ mcc: 240, mnc: 10, lac: 0x11a0, cid: 0xc0c6 }] },
    ]);
  });

  it('V2, V5, V19, VI1 and other makers (TH) are positions too; only V1 is answered; V19 carries the ICCID', () => {
    for (const f of [H02_TEXT.v2, H02_TEXT.v5, H02_TEXT.vi1, H02_TEXT.v1Th]) {
      const d = decode(f);
      expect(d.uplinks[0]).toMatchObject({ kind: 'location', source: 'gps' });
    }
    expect(decode(H02_TEXT.v2).reply).toBeUndefined();
    expect(decode(H02_TEXT.v5).uplinks[0]).toMatchObject({ valid: false });
    expect(decode(H02_TEXT.vi1).uplinks[0]).toMatchObject({ valid: true });
    expect(decode(H02_TEXT.v1Th).reply!.toString()).toBe('*HQ,2020916012,V4,V1,20261128120000#');
    const v19 = decode(H02_TEXT.v19);
    expect(v19.uplinks[1]).toEqual({
      kind: 'status',
      ts: Date.UTC(2017, 3, 20, 21, 44, 52),
      iccid: '89480610500392633029',
    });
  });

  it('status alarms: SOS (bits 1, 18), power cut (bit 19), raised when they appear, not on every report', () => {
    const s = newSession();
    const sos = decode(H02_TEXT.v1SosHexCell, s);
    expect(sos.uplinks[1]).toEqual({ kind: 'alarm', ts: Date.UTC(2016, 11, 1, 8, 44, 36), alarm: 'sos' });
    expect(decode(H02_TEXT.v1SosHexCell, s).uplinks.filter((u) => u.kind === 'alarm')).toEqual([]);
    const power = decode(H02_TEXT.v1Battery);
    expect(power.uplinks.filter((u) => u.kind === 'alarm')).toEqual([
      { kind: 'alarm', ts: Date.UTC(2018, 8, 8, 5, 40, 48), alarm: 'powerLoss' },
    ]);
    // The S1 answer's status FFFFFBFD: bit 1 cleared, SOS.
    expect(decode(H02_TEXT.v1SosBit1).uplinks.some((u) => u.kind === 'alarm' && u.alarm === 'sos')).toBe(true);
    expect(decode(H02_TEXT.v3PowerCut).uplinks.some((u) => u.kind === 'alarm' && u.alarm === 'powerLoss')).toBe(true);
    // Normal words raise nothing.
    for (const f of [H02_TEXT.v1West, H02_TEXT.v1Dashed, H02_TEXT.nbr, H02_TEXT.link])
      expect(decode(f).uplinks.filter((u) => u.kind === 'alarm' || u.kind === 'event')).toEqual([]);
  });

  it('NBR: cells under one MCC/MNC (signals kept when dBm), answered V4,NBR', () => {
    const d = decode(H02_TEXT.nbr);
    expect(d.uplinks).toHaveLength(1);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', source: 'lbs', ts: Date.UTC(2017, 1, 10, 10, 37, 32) });
    const cells = (d.uplinks[0] as { cells: unknown[] }).cells;
    expect(cells).toHaveLength(6);
    expect(cells[0]).toEqual({ mcc: 722, mnc: 310, lac: 8106, cid: 32010 });
    expect(d.reply!.toString()).toBe('*HQ,4109179024,V4,NBR,20261128120000#');
    expect((decode(H02_TEXT.nbrDbm).uplinks[0] as { cells: unknown[] }).cells[0]).toEqual({
      mcc: 234,
      mnc: 10,
      lac: 21580,
      cid: 27766,
      signal: -67,
    });
  });

  it('LINK: battery and steps; V3: cells with MCC and MNC in one field; neither answered', () => {
    const link = decode(H02_TEXT.link);
    const ts = Date.UTC(2017, 4, 24, 18, 9, 2);
    expect(link.uplinks).toEqual([
      { kind: 'status', ts, battery: 84 },
      { kind: 'telemetry', ts, values: { steps: 0 } },
    ]);
    expect(link.reply).toBeUndefined();
    const v3 = decode(H02_TEXT.v3);
    expect(v3.uplinks[0]).toMatchObject({ kind: 'location', source: 'lbs', ts: Date.UTC(2017, 4, 9, 9, 54, 26) });
    expect((v3.uplinks[0] as { cells: unknown[] }).cells).toEqual([
      { mcc: 740, mnc: 1, lac: 10278, cid: 45142, signal: -92 },
      { mcc: 740, mnc: 1, lac: 10278, cid: 26311 },
      { mcc: 740, mnc: 1, lac: 10278, cid: 26582 },
      { mcc: 740, mnc: 1, lac: 10278, cid: 28322 },
    ]);
    expect(v3.reply).toBeUndefined();
  });

  it('VP1 (lowercase maker): cells split by Y, or a fix with a date; HTBT: battery, echoed', () => {
    expect(decode(H02_TEXT.vp1Cells).uplinks[0]).toMatchObject({
      source: 'lbs',
      cells: [
        { mcc: 470, mnc: 2, lac: 92, cid: 3565 },
        { mcc: 470, mnc: 2, lac: 92, cid: 19433 },
        { mcc: 470, mnc: 2, lac: 92, cid: 1340 },
      ],
    });
    const fix = decode(H02_TEXT.vp1Fix).uplinks[0] as { lat: number; lon: number; ts: number };
    expect(fix.lat).toBeCloseTo(-27.04541, 4);
    expect(fix.lon).toBeCloseTo(152.86552, 4);
    expect(fix.ts).toBe(Date.UTC(2017, 8, 8));
    const hb = decode(H02_TEXT.htbt);
    expect(hb.imei).toBe('135790246811220');
    expect(hb.uplinks).toEqual([{ kind: 'status', ts: NOW, battery: 100 }]);
    expect(hb.reply!.toString()).toBe('*HQ,135790246811220,HTBT#');
    expect(decode('*HQ,4210051415,V0#').reply!.toString()).toBe('*HQ,4210051415,V0#');
  });

  it('other types (XT, BASE) name the device and carry nothing; a bad id is an error', () => {
    for (const f of [H02_TEXT.xt, H02_TEXT.base]) {
      const d = decode(f);
      expect(d.uplinks).toEqual([]);
      expect(d.imei).toMatch(/^\d+$/);
    }
    expect(() => decode('*HQ,42x0051415,V1,164549#')).toThrow(ProtocolError);
    expect(() => decode('*HQ,4210051415,NBR,1#')).toThrow(ProtocolError);
  });
});

describe('H02 binary reports', () => {
  it("decodes Traccar's expected position, the SOS bit of its status and the battery level", () => {
    const d = decode(bin(H02_BINARY.longSos));
    expect(d.imei).toBe('4106000826');
    const ts = Date.UTC(2015, 7, 31, 21, 53, 21);
    expect(d.uplinks[0]).toMatchObject({ kind: 'location', ts, valid: true, speed: 0, heading: 0 });
    expect((d.uplinks[0] as { lat: number }).lat).toBeCloseTo(4.69898, 4);
    expect((d.uplinks[0] as { lon: number }).lon).toBeCloseTo(-74.06971, 4);
    expect(d.uplinks.slice(1)).toEqual([
      { kind: 'status', ts, battery: 100 },
      { kind: 'alarm', ts, alarm: 'sos' },
    ]);
    expect(d.reply).toBeUndefined();
  });

  it('reads the short form, the 15-digit id of 42-byte frames, speed in knots and course', () => {
    const short = decode(bin(H02_BINARY.short));
    expect(short.imei).toBe('4106011660');
    expect((short.uplinks[0] as { lat: number }).lat).toBeCloseTo(50 + 35.313 / 60, 4);
    expect((short.uplinks[0] as { lon: number }).lon).toBeCloseTo(4 + 31.821 / 60, 4);
    const long = decode(bin(H02_BINARY.longId));
    expect(long.imei).toBe('352483084193293');
    expect(long.uplinks[0]).toMatchObject({ speed: 44.45, heading: 138, ts: Date.UTC(2017, 7, 18, 10, 47, 59) });
    const speed = decode(bin(H02_BINARY.shortSpeed));
    expect(speed.uplinks[0]).toMatchObject({ speed: Math.round(14 * 1.852 * 100) / 100, heading: 28 });
    expect(decode(bin(H02_BINARY.x))).toMatchObject({ uplinks: [] });
  });
});
