/**
 * What a real device of each protocol sends (docs/protocols.md), for the simulator, the tests and
 * the bench: the mirror of the gateway's decoders, built with their own packet helpers so a
 * checksum or an escape is computed one way in the code base.
 */
import { packet } from '../../shared/protocols/gt06/packet';
import type { DeviceFix } from '../../shared/protocols/types';
import { buildFrame as jt808Frame } from '../../shared/protocols/jt808/frame';
import { encodeGbk } from '../../shared/protocols/jt808/gbk';
import { buildFrame as watchFrame } from '../../shared/protocols/watch/frame';

/** A position as a device reports it (src/shared/protocols/types.ts). */
export type SimFix = DeviceFix;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** GT06 (docs/protocols.md#gt06): login, heartbeat with battery, location, alarm. */
export const gt06Frames = {
  /** 0x01: the IMEI in BCD, 8 bytes (a leading 0 before 15 digits). */
  login(imei: string, serial: number): Buffer {
    return packet(0x01, serial, Buffer.from(imei.padStart(16, '0'), 'hex'));
  },
  /** 0x13: terminal information (fix, charging), voltage level 0-6, GSM signal 0-4, alarm 0, language. */
  heartbeat(serial: number, battery: number, signal = 4, charging = false): Buffer {
    const level = Math.max(0, Math.min(6, Math.round((battery / 100) * 6)));
    return packet(0x13, serial, Uint8Array.of(0x40 | (charging ? 0x04 : 0) | 0x01, level, signal, 0x00, 0x02));
  },
  /** 0x12: the 18-byte GPS block and the serving cell. */
  location(serial: number, fix: SimFix, cell = { mcc: 460, mnc: 0, lac: 0x2796, cid: 0x1f6f }): Buffer {
    const b = Buffer.alloc(26);
    gt06Fix(b, 0, fix);
    b.writeUInt16BE(cell.mcc, 18);
    b[20] = cell.mnc;
    b.writeUInt16BE(cell.lac, 21);
    b.writeUIntBE(cell.cid, 23, 3);
    return packet(0x12, serial, b);
  },
  /** 0x16: GPS block, a cell with its length byte, terminal info, voltage, signal, alarm code, language. */
  alarm(serial: number, fix: SimFix, alarm: 'sos' | 'powerCut' | 'lowBattery' | 'removed' | 'fall'): Buffer {
    const codes = { sos: 0x01, powerCut: 0x02, lowBattery: 0x0e, removed: 0x00, fall: 0x23 } as const;
    const b = Buffer.alloc(31);
    gt06Fix(b, 0, fix);
    b[18] = 9;
    b.writeUInt16BE(460, 19);
    b[21] = 0;
    b.writeUInt16BE(0x2796, 22);
    b.writeUIntBE(0x1f6f, 24, 3);
    // Removal is the terminal information's alarm bits (7: removed from the wearer), with no alarm code.
    b[27] = 0x40 | 0x01 | (alarm === 'removed' ? 7 << 3 : 0);
    b[28] = 4;
    b[29] = 4;
    b[30] = codes[alarm];
    return packet(0x16, serial, Buffer.concat([b, Uint8Array.of(0x02)]));
  },
};

function gt06Fix(b: Buffer, o: number, fix: SimFix): void {
  const d = new Date(fix.at);
  b.set(
    [
      d.getUTCFullYear() % 100,
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ],
    o,
  );
  b[o + 6] = 0xc0 | Math.min(15, fix.satellites ?? 9);
  b.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1_800_000), o + 7);
  b.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1_800_000), o + 11);
  b[o + 15] = Math.min(255, Math.round(fix.speed ?? 0));
  const flags =
    (fix.valid === false ? 0 : 0x1000) |
    (fix.lon < 0 ? 0x800 : 0) |
    (fix.lat >= 0 ? 0x400 : 0) |
    (Math.round(fix.heading ?? 0) % 360);
  b.writeUInt16BE(flags, o + 16);
}

/** The watch ("3G", docs/protocols.md#watch): link, position, alarm. */
export const watchFrames = {
  /** LK,steps,rolls,battery */
  link(imei: string, battery: number, steps = 0): Buffer {
    return watchFrame('SG', imei, undefined, `LK,${steps},0,${Math.round(battery)}`);
  },
  position(imei: string, fix: SimFix, battery: number, steps = 0): Buffer {
    return watchFrame('SG', imei, undefined, `UD,${watchBody(fix, battery, steps, 0)}`);
  },
  /** TK: a voice message (AMR) in one frame, its binary escaped (0x7d 0x01..0x05), the length as it travels. */
  voice(imei: string, amr: Buffer): Buffer {
    const escaped: number[] = [];
    const codes: Record<number, number> = { 0x7d: 1, 0x5b: 2, 0x5d: 3, 0x2c: 4, 0x2a: 5 };
    for (const b of amr) {
      if (codes[b]) escaped.push(0x7d, codes[b]);
      else escaped.push(b);
    }
    const content = Buffer.concat([Buffer.from('TK,', 'latin1'), Buffer.from(escaped)]);
    const length = content.length.toString(16).toUpperCase().padStart(4, '0');
    return Buffer.concat([Buffer.from(`[SG*${imei}*${length}*`, 'latin1'), content, Buffer.from(']', 'latin1')]);
  },
  /** AL with the status word's alarm bits: SOS 16, low battery 17, removed 20, fall 21 (docs/protocols.md#watch). */
  alarm(imei: string, fix: SimFix, battery: number, alarm: 'sos' | 'lowBattery' | 'removed' | 'fall'): Buffer {
    const bits = { sos: 16, lowBattery: 17, removed: 20, fall: 21 } as const;
    return watchFrame('SG', imei, undefined, `AL,${watchBody(fix, battery, 0, 1 << bits[alarm])}`);
  },
};

function watchBody(fix: SimFix, battery: number, steps: number, status: number): string {
  const d = new Date(fix.at);
  const date = `${pad2(d.getUTCDate())}${pad2(d.getUTCMonth() + 1)}${pad2(d.getUTCFullYear() % 100)}`;
  const time = `${pad2(d.getUTCHours())}${pad2(d.getUTCMinutes())}${pad2(d.getUTCSeconds())}`;
  return [
    date,
    time,
    fix.valid === false ? 'V' : 'A',
    Math.abs(fix.lat).toFixed(6),
    fix.lat < 0 ? 'S' : 'N',
    Math.abs(fix.lon).toFixed(6),
    fix.lon < 0 ? 'W' : 'E',
    (fix.speed ?? 0).toFixed(2),
    Math.round(fix.heading ?? 0),
    '0.0',
    fix.satellites ?? 9,
    100,
    Math.round(battery),
    steps,
    0,
    status.toString(16).padStart(8, '0'),
    0,
  ].join(',');
}

/**
 * A JT/T 808 terminal: registration, authentication, heartbeat, location. A number of up to 12
 * digits speaks the 2013 edition (6-byte BCD phone); a longer one (an IMEI) the 2019 edition.
 */
export class Jt808Terminal {
  private serial = 0;
  readonly phone: Buffer;
  readonly version: number | undefined;

  constructor(readonly number: string) {
    this.version = number.length > 12 ? 1 : undefined;
    this.phone = Buffer.from(number.padStart(this.version ? 20 : 12, '0'), 'hex');
  }

  private frame(id: number, body: Uint8Array): Buffer {
    return jt808Frame(id, this.serial++, { phone: this.phone, version: this.version }, body);
  }

  /** 0x0100: province, city, maker, model (20), terminal id (7), plate colour 0, no plate. */
  register(): Buffer {
    const b = Buffer.alloc(2 + 2 + 5 + 20 + 7 + 1);
    b.write('SIMUL', 4, 'latin1');
    b.write('HELMET-1', 9, 'latin1');
    b.write(this.number.slice(-7).padStart(7, '0'), 29, 'latin1');
    return this.frame(0x0100, b);
  }

  /** 0x0102: the authentication code as the whole body (2013); 2019: its length, the code, IMEI (15) and software version (20). */
  authenticate(code: string): Buffer {
    const bytes = encodeGbk(code);
    if (!this.version) return this.frame(0x0102, bytes);
    const b = Buffer.alloc(1 + bytes.length + 15 + 20);
    b[0] = bytes.length;
    b.set(bytes, 1);
    b.write(this.number.slice(-15).padStart(15, '0'), 1 + bytes.length, 'latin1');
    b.write('SIM-1.0', 16 + bytes.length, 'latin1');
    return this.frame(0x0102, b);
  }

  heartbeat(): Buffer {
    return this.frame(0x0002, Buffer.alloc(0));
  }

  /** 0x0200: alarm word (bit 0 SOS), status (bit 1 fixed), position in 1e-6 degrees, altitude, speed 1/10 km/h, course, BCD time GMT+8, then items 0x30 signal and 0x31 satellites. */
  location(fix: SimFix, sos = false): Buffer {
    const b = Buffer.alloc(28 + 3 + 3);
    b.writeUInt32BE(sos ? 1 : 0, 0);
    b.writeUInt32BE((fix.valid === false ? 0 : 0x2) | (fix.lat < 0 ? 0x4 : 0) | (fix.lon < 0 ? 0x8 : 0), 4);
    b.writeUInt32BE(Math.round(Math.abs(fix.lat) * 1e6), 8);
    b.writeUInt32BE(Math.round(Math.abs(fix.lon) * 1e6), 12);
    b.writeUInt16BE(0, 16);
    b.writeUInt16BE(Math.round((fix.speed ?? 0) * 10), 18);
    b.writeUInt16BE(Math.round(fix.heading ?? 0) % 360, 20);
    const d = new Date(fix.at + 8 * 3_600_000);
    const bcd = [
      d.getUTCFullYear() % 100,
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ]
      .map((n) => pad2(n))
      .join('');
    Buffer.from(bcd, 'hex').copy(b, 22);
    b.set([0x30, 1, 25, 0x31, 1, fix.satellites ?? 9], 28);
    return this.frame(0x0200, b);
  }
}

/** OsmAnd (Traccar Client): the GET request's path and query. */
export function osmandUri(id: string, fix: SimFix, battery?: number): string {
  const q = new URLSearchParams({
    id,
    lat: String(fix.lat),
    lon: String(fix.lon),
    timestamp: String(Math.floor(fix.at / 1000)),
    speed: String((fix.speed ?? 0) / 1.852),
    bearing: String(fix.heading ?? 0),
  });
  if (battery !== undefined) q.set('batt', String(battery));
  return `/?${q.toString()}`;
}
