/**
 * GT06 extended and information packets (split from decode.ts): the location trailer of
 * 0x12/0x22/0xA0, the 0x70 modular packets and the 0x94 information packets.
 */
import type { Cell, Uplink } from '../../../shared/devices/protocol';
import { ProtocolError } from '../types';
import { cellOf, HEX, need, readDigits, type Body, type Fix } from './fields';
import { happening, location, MODULE_EVENTS, push } from './uplinks';

/**
 * The trailer of 0x12/0x22/0xA0 after the cell: ACC, upload reason, re-upload (a fix kept while
 * offline), [mileage]. Nothing of ours holds them: they go to the summary.
 */
export function trailer(b: Body, o: number): string {
  if (b.end - o !== 3 && b.end - o !== 7) return '';
  const { f } = b;
  let out = ` acc ${f[o] ? 'on' : 'off'} reason ${f[o + 1]}${f[o + 2] ? ' re-upload' : ''}`;
  if (o + 7 <= b.end) out += ` mileage ${f.readUInt32BE(o + 3)}`;
  return out;
}

/**
 * 0x70 modular packets (long): modules of type (2 bytes), length (2), value. Read: 0x0003 ICCID,
 * 0x0009 satellites, 0x0011 cell, 0x002B event (MODULE_EVENTS), 0x0033 GPS (UTC seconds,
 * satellites, altitude, latitude, longitude, speed, course and status), 0x0034 event module
 * (event code, time, content: event `gt06.event` with the code).
 */
export function decodeModular(b: Body, out: Uplink[]): void {
  const { f } = b;
  let o = b.start;
  let fix: Fix | undefined;
  let satellites: number | undefined;
  const cells: Cell[] = [];
  const events: Uplink[] = [];
  let iccid: string | undefined;
  while (o + 4 <= b.end) {
    const type = f.readUInt16BE(o);
    const size = f.readUInt16BE(o + 2);
    o += 4;
    if (o + size > b.end) throw new ProtocolError(`type 0x70: module 0x${type.toString(16)} past the content`);
    if (type === 0x03 && size >= 1 && size <= 16) iccid = readDigits(f, o, o + size);
    else if (type === 0x09 && size >= 1) satellites = f[o]!;
    else if (type === 0x11 && size >= 10) {
      const cell = cellOf(
        f.readUInt16BE(o),
        f.readUInt16BE(o + 2),
        f.readUInt16BE(o + 4),
        f.readUIntBE(o + 6, 3),
        f[o + 9]!,
      );
      if (cell) cells.push(cell);
    } else if (type === 0x2b && size >= 1) events.push(happening(MODULE_EVENTS[f[o]!], f[o]!, undefined, 'gt06.event'));
    else if (type === 0x33 && size >= 18) {
      const flags = f.readUInt16BE(o + 16);
      const lat = f.readUInt32BE(o + 7) / 1_800_000;
      const lon = f.readUInt32BE(o + 11) / 1_800_000;
      const secs = f.readUInt32BE(o);
      fix = {
        ts: secs > 0 ? secs * 1000 : undefined,
        lat: flags & 0x400 ? lat : -lat,
        lon: flags & 0x800 ? -lon : lon,
        speed: f[o + 15]!,
        heading: flags & 0x3ff,
        valid: (flags & 0x1000) !== 0,
        satellites: Math.min(99, f[o + 4]!),
      };
    } else if (type === 0x34 && size >= 1) events.push({ kind: 'event', name: 'gt06.event', value: f[o]! });
    o += size;
  }
  if (fix && satellites !== undefined && satellites <= 99) fix.satellites = satellites;
  const ts = fix?.ts;
  push(out, location(fix, ts, cells));
  if (iccid && /^[0-9a-f]{1,32}$/.test(iccid)) {
    const st: Uplink = { kind: 'status', iccid };
    if (ts !== undefined) st.ts = ts;
    out.push(st);
  }
  for (const e of events) {
    if (ts !== undefined) e.ts = ts;
    out.push(e);
  }
}

/**
 * 0x94 information. Short (0x7878): external power in 1/100 V. Long: a sub-type, then 0x00 the
 * external power, 0x04 the status text (ICCID=...), 0x05 door, 0x0A IMEI, IMSI and ICCID in BCD,
 * 0x0D a fuel sensor's text with its temperature, others kept in the summary.
 */
export function decodeInfo(b: Body, head: number, out: Uplink[]): string {
  const { f } = b;
  const volts = (o: number): string => {
    if (o + 2 > b.end) return '';
    const v = f.readUInt16BE(o) / 100;
    out.push({ kind: 'telemetry', values: { voltage: v } });
    return ` power ${v.toFixed(2)} V`;
  };
  if (head === 3) return volts(b.start);
  need(b, 1);
  const sub = f[b.start]!;
  const o = b.start + 1;
  switch (sub) {
    case 0x00:
      return volts(o);
    case 0x0a: {
      if (o + 26 > b.end) return ' iccid short';
      const iccid = readDigits(f, o + 16, o + 26);
      const imsi = readDigits(f, o + 8, o + 16).replace(/^0(?=\d{15}$)/, '');
      if (!/^[0-9a-f]{1,32}$/.test(iccid)) return ' iccid unreadable';
      out.push(/^\d{6,32}$/.test(imsi) ? { kind: 'status', iccid, imsi } : { kind: 'status', iccid });
      return ` iccid ${iccid}`;
    }
    case 0x04: {
      const text = f.toString('latin1', o, b.end);
      const m = /(?:^|;)ICCID=([0-9A-Fa-f]{1,32})/.exec(text);
      if (!m) return ' status';
      const iccid = m[1]!.toLowerCase().replace(/f+$/, '');
      if (iccid) out.push({ kind: 'status', iccid });
      return ` status iccid ${iccid}`;
    }
    case 0x0d: {
      const text = f.toString('latin1', f[o] === 0x21 ? o : o + 6, b.end);
      const temp = Number(/^!AIOIL,[^,]*,[^,]*,(-?\d+(?:\.\d+)?),/.exec(text)?.[1]);
      if (!Number.isFinite(temp) || temp < -80 || temp > 1200) return ' fuel sensor';
      out.push({ kind: 'telemetry', values: { ambientTemp: temp } });
      return ` temperature ${temp}`;
    }
    case 0x05:
      return o < b.end ? ` door ${f[o]! & 1 ? 'open' : 'closed'}` : '';
    default:
      return ` sub-type 0x${HEX[sub]}`;
  }
}
