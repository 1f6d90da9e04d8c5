/**
 * H02 frames as a tracker sends them (docs/protocols.md#h02), for the simulator and the tests:
 * the text reports `V1` (position), `HTBT` (heartbeat with battery), `LINK` and `V4` (a command's
 * answer), and the binary position report.
 */
import type { DeviceFix } from '../types';

/** The status word's bits, active low (Traccar's H02ProtocolDecoder.processStatus). */
export const H02_STATUS = {
  normal: 0xffffffff,
  vibration: 0xffffffff & ~(1 << 0),
  sos: 0xffffffff & ~(1 << 1),
  overspeed: 0xffffffff & ~(1 << 2),
  powerCut: (0xffffffff & ~(1 << 19)) >>> 0,
} as const;

/** A fix as an H02 tracker reports it (speed in km/h here, sent in knots). */
export type H02Fix = DeviceFix;

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** HHMMSS of a UTC time. */
export const hhmmss = (at: number) => {
  const d = new Date(at);
  return `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}`;
};
/** DDMMYY of a UTC time. */
const ddmmyy = (at: number) => {
  const d = new Date(at);
  return `${pad(d.getUTCDate(), 2)}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCFullYear() % 100, 2)}`;
};

/** A text frame `*HQ,<id>,<fields...>#`. */
const h02Text = (id: string, ...fields: (string | number)[]) =>
  Buffer.from(`*HQ,${[id, ...fields].join(',')}#`, 'latin1');

/** Degrees as H02's DDMM.MMMM (DDDMM.MMMM for longitude) and its hemisphere. */
function coordinate(value: number, lon: boolean): [string, string] {
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let min = Math.round((abs - deg) * 60 * 10_000) / 10_000;
  if (min >= 60) {
    deg++;
    min = 0;
  }
  const text = `${pad(deg, lon ? 3 : 2)}${min.toFixed(4).padStart(7, '0')}`;
  return [text, lon ? (value < 0 ? 'W' : 'E') : value < 0 ? 'S' : 'N'];
}

const knots = (kmh: number | undefined) => ((kmh ?? 0) / 1.852).toFixed(2);
const hexStatus = (status: number) => (status >>> 0).toString(16).toUpperCase().padStart(8, '0');

/** The position part every report shares: time, validity, latitude, longitude, speed, course, date, status. */
function positionFields(fix: H02Fix, status: number): string[] {
  const [lat, ns] = coordinate(fix.lat, false);
  const [lon, ew] = coordinate(fix.lon, true);
  return [
    hhmmss(fix.at),
    fix.valid === false ? 'V' : 'A',
    lat,
    ns,
    lon,
    ew,
    knots(fix.speed),
    pad(Math.round(fix.heading ?? 0) % 360, 3),
    ddmmyy(fix.at),
    hexStatus(status),
  ];
}

export const h02Frames = {
  /** V1: a position report; `status` carries the alarms (H02_STATUS). */
  position: (id: string, fix: H02Fix, status: number = H02_STATUS.normal) =>
    h02Text(id, 'V1', ...positionFields(fix, status)),
  /** V1 without a fix (a tracker just started): time, `V`, empty coordinates. */
  noFix: (id: string, at: number, status: number = H02_STATUS.normal) =>
    h02Text(id, 'V1', hhmmss(at), 'V', '', 'N', '', 'E', '0.00', '0', ddmmyy(at), hexStatus(status)),
  /** HTBT: the heartbeat with the battery %. */
  heartbeat: (id: string, battery: number) => h02Text(id, 'HTBT', Math.round(battery)),
  /** LINK: time, signal, satellites, battery %, steps, turnovers, date, status. */
  link: (id: string, at: number, battery: number, steps: number, status: number = H02_STATUS.normal) =>
    h02Text(id, 'LINK', hhmmss(at), 20, 8, Math.round(battery), steps, 0, ddmmyy(at), hexStatus(status)),
  /** V4: the answer to the command `word` sent at `sentAt` (HHMMSS), with its result and a position. */
  answer: (id: string, word: string, result: string[], sentAt: string, fix: H02Fix) =>
    h02Text(id, 'V4', word, ...result, sentAt, ...positionFields(fix, H02_STATUS.normal)),
};

/** BCD of a decimal digit string (even length). */
function bcd(digits: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < digits.length; i += 2) out.push(parseInt(digits.slice(i, i + 2), 16));
  return out;
}

/**
 * The 32-byte binary position report: `$`, the 10-digit id in BCD, HHMMSS DDMMYY, latitude
 * DDMM.MMMM, battery, longitude DDDMM.MMMM and the flags nibble (bit 1 valid, 2 north, 3 east),
 * speed (knots, 3 digits) and course (3 digits), the status word, three bytes the decoder skips.
 */
export function h02Binary(id10: string, fix: H02Fix, battery = 6, status: number = H02_STATUS.normal): Buffer {
  const abs = (v: number) => Math.abs(v);
  const latDeg = Math.floor(abs(fix.lat));
  const latMin = Math.round((abs(fix.lat) - latDeg) * 60 * 10_000);
  const lonDeg = Math.floor(abs(fix.lon));
  const lonMin = Math.round((abs(fix.lon) - lonDeg) * 60 * 10_000);
  const flags = (fix.valid === false ? 0 : 2) | (fix.lat >= 0 ? 4 : 0) | (fix.lon >= 0 ? 8 : 0);
  const speed = pad(Math.min(999, Math.round((fix.speed ?? 0) / 1.852)), 3);
  const course = pad(Math.round(fix.heading ?? 0) % 360, 3);
  const lon = `${pad(lonDeg, 3)}${pad(lonMin, 6)}`; // 9 digits, then the flags nibble
  const bytes = [
    0x24,
    ...bcd(id10),
    ...bcd(hhmmss(fix.at)),
    ...bcd(ddmmyy(fix.at)),
    ...bcd(`${pad(latDeg, 2)}${pad(latMin, 6)}`),
    battery,
    ...bcd(lon.slice(0, 8)),
    (parseInt(lon[8]!, 10) << 4) | flags,
    ...bcd(`${speed}${course[0]}`),
    ...bcd(course.slice(1)),
  ];
  const out = Buffer.alloc(32, 0);
  Buffer.from(bytes).copy(out);
  out.writeUInt32BE(status >>> 0, 25);
  out[29] = 0xff;
  return out;
}
