/**
 * The GT06 uplinks every packet decoder builds (split from decode.ts): the alarm tables (alarm byte,
 * 0x95 events, 0x70 event module, terminal information bits), the location and status uplinks,
 * happenings, the status-packet alarm edge, and the summary's description of the uplinks.
 */
import type { AlarmEvent, Cell, Uplink, WifiAp } from '../../../shared/devices/protocol';
import type { Session } from '../types';
import type { Fix } from './fields';

type Location = Extract<Uplink, { kind: 'location' }>;
export type Status = Extract<Uplink, { kind: 'status' }>;

/** A device happening: one of our alarms, or a non-alarm event stored as `gt06.<name>`. */
type Happening = { alarm: AlarmEvent } | { event: string };

/**
 * The alarm byte of status and alarm packets (0x13, 0x16, 0x19, 0x26, 0x27, 0x36, 0x39, 0xA4,
 * 0xA5, 0xF1), as the JM-VL03 document and Traccar name them. Unlisted codes: event `gt06.alarm`,
 * value = the code. docs/protocols.md "Alarm codes".
 */
export const ALARM_CODES: Readonly<Record<number, Happening>> = {
  0x01: { alarm: 'sos' },
  0x02: { alarm: 'powerLoss' },
  0x03: { event: 'vibration' },
  0x04: { event: 'geofenceEnter' },
  0x05: { event: 'geofenceExit' },
  0x06: { event: 'overspeed' },
  // Tow / theft: moved while armed.
  0x09: { event: 'movement' },
  0x0a: { event: 'gpsBlindEnter' },
  0x0b: { event: 'gpsBlindExit' },
  // Tampering: case opened, cover or device removed from its mount, unplugged.
  0x0c: { alarm: 'fault' },
  0x0d: { event: 'gpsFirstFix' },
  // External battery low, and the protection cut-off that follows it.
  0x0e: { alarm: 'lowBattery' },
  0x0f: { alarm: 'lowBattery' },
  0x10: { event: 'simChanged' },
  0x11: { event: 'powerOff' },
  0x12: { event: 'airplaneMode' },
  0x13: { alarm: 'fault' },
  0x14: { event: 'door' },
  0x15: { event: 'lowBatteryPowerOff' },
  0x16: { event: 'soundControl' },
  0x17: { event: 'fakeBaseStation' },
  // Removed from the wearer (ankle bracelets, watches): the wearing alarm.
  0x18: { alarm: 'wearOff' },
  // Internal battery low.
  0x19: { alarm: 'lowBattery' },
  0x1a: { event: 'braking' },
  0x1b: { event: 'cornering' },
  0x20: { event: 'deepSleep' },
  0x23: { alarm: 'fall' },
  0x25: { alarm: 'fault' },
  0x26: { event: 'acceleration' },
  0x27: { event: 'braking' },
  0x28: { event: 'braking' },
  0x29: { event: 'acceleration' },
  0x2a: { event: 'cornering' },
  0x2b: { event: 'cornering' },
  0x2c: { alarm: 'collision' },
  0x2e: { event: 'cornering' },
  // The JM-VL03 document's harsh braking (Traccar reads it as jamming).
  0x30: { event: 'braking' },
  0x32: { alarm: 'fault' },
  0xf0: { event: 'acceleration' },
  0xf1: { event: 'braking' },
  0xf2: { alarm: 'collision' },
  0xfe: { event: 'accOn' },
  0xff: { event: 'accOff' },
};

/** The event byte of 0x95 (JC100/JC400 dashcams); 0x01 is SOS only in the long form (short: `gt06.alarm` 1). */
export const ALARM_95: Readonly<Record<number, Happening>> = {
  0x01: { alarm: 'sos' },
  0x0e: { alarm: 'lowBattery' },
  0x76: { event: 'temperature' },
  0x80: { event: 'vibration' },
  0x87: { event: 'overspeed' },
  0x88: { alarm: 'powerLoss' },
  0x90: { event: 'acceleration' },
  0x91: { event: 'braking' },
  0x92: { event: 'cornering' },
  0x93: { alarm: 'collision' },
};

/** The event module (0x002B) of 0x70 packets. Unlisted: event `gt06.event`, value = the code. */
export const MODULE_EVENTS: Readonly<Record<number, Happening>> = {
  0x11: { alarm: 'lowBattery' },
  // External power low.
  0x12: { alarm: 'lowBattery' },
  0x13: { alarm: 'powerLoss' },
  0x14: { alarm: 'wearOff' },
};

/** Bits 3-5 of the terminal information byte. */
const INFO_ALARMS: readonly (Happening | undefined)[] = [
  undefined,
  { event: 'vibration' },
  { alarm: 'powerLoss' },
  { alarm: 'lowBattery' },
  { alarm: 'sos' },
  undefined,
  { event: 'geofence' },
  // Removed from the wearer (watches, bracelets) or from its mount.
  { alarm: 'wearOff' },
];

/** Where a connection keeps the terminal information's alarm bits of its last status packet. */
const INFO_KEY = 'gt06.info';

/** The location uplink of a fix and/or cells; none when there is neither (a receiver without a fix reports 0,0). */
export function location(
  fix: Fix | undefined,
  ts: number | undefined,
  cells: Cell[],
  wifi?: WifiAp[],
): Location | undefined {
  const placed =
    fix !== undefined && (fix.lat !== 0 || fix.lon !== 0) && Math.abs(fix.lat) <= 90 && Math.abs(fix.lon) <= 180;
  if (!placed && cells.length === 0 && !wifi?.length) return undefined;
  const out: Location = { kind: 'location', source: placed ? 'gps' : wifi?.length ? 'wifi' : 'lbs' };
  if (ts !== undefined) out.ts = ts;
  if (placed) {
    out.lat = fix.lat;
    out.lon = fix.lon;
    out.speed = fix.speed;
    if (fix.heading <= 360) out.heading = fix.heading;
    out.valid = fix.valid;
    out.satellites = fix.satellites;
  }
  if (cells.length) out.cells = cells;
  if (wifi?.length) out.wifi = wifi;
  return out;
}

/** Battery from the voltage level byte: 0-6 steps, or a percentage on devices that send one. */
function batteryOf(level: number): number | undefined {
  if (level <= 6) return Math.round((level * 100) / 6);
  return level <= 100 ? level : undefined;
}

/**
 * The status of the terminal information, voltage level and GSM signal (0-4) bytes. Bit 2 is
 * "charging" (external power on); alarm bits 010 say power is cut. Neither means mains unknown.
 */
export function status(ts: number | undefined, info: number, voltage: number, gsm: number): Status {
  const out: Status = { kind: 'status', charging: (info & 0x04) !== 0 };
  if (ts !== undefined) out.ts = ts;
  const battery = batteryOf(voltage);
  if (battery !== undefined) out.battery = battery;
  if (gsm <= 4) out.signal = gsm;
  if (info & 0x04) out.mainsPower = 1;
  else if (((info >> 3) & 7) === 2) out.mainsPower = 0;
  return out;
}

export function happening(
  h: Happening | undefined,
  code: number,
  ts: number | undefined,
  unnamed = 'gt06.alarm',
): Uplink {
  const out: Uplink = !h
    ? { kind: 'event', name: unnamed, value: code }
    : 'alarm' in h
      ? { kind: 'alarm', alarm: h.alarm }
      : { kind: 'event', name: `gt06.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/** The alarm byte's happening, else the terminal information's alarm bits (alarm packets: every packet says it). */
export function alarmOf(code: number, info: number, ts: number | undefined): Uplink | undefined {
  if (code !== 0) return happening(ALARM_CODES[code], code, ts);
  const h = INFO_ALARMS[(info >> 3) & 7];
  return h && happening(h, 0, ts);
}

/**
 * A status packet's alarm (0x13, 0x23, 0x36, 0x39, 0xF1): the alarm byte when it says one, else
 * the terminal information's alarm bits on their edge only. Every heartbeat repeats those bits
 * while the state lasts (a power cut, a strap left open), so they raise when they change from the
 * connection's last status packet (a new connection starts from "normal"), not on each packet.
 */
export function statusAlarm(session: Session, code: number, info: number, ts: number | undefined): Uplink | undefined {
  const bits = (info >> 3) & 7;
  const before = (session.state[INFO_KEY] as number | undefined) ?? 0;
  session.state[INFO_KEY] = bits;
  if (code !== 0) return happening(ALARM_CODES[code], code, ts);
  if (bits === before) return undefined;
  const h = INFO_ALARMS[bits];
  return h && happening(h, 0, ts);
}

export function push(list: Uplink[], u: Uplink | undefined): void {
  if (u) list.push(u);
}

export function describe(uplinks: readonly Uplink[]): string {
  let out = '';
  for (const u of uplinks) {
    if (u.kind === 'location')
      out +=
        u.lat !== undefined ? ` ${u.lat.toFixed(5)},${u.lon!.toFixed(5)}${u.valid ? '' : ' invalid'}` : ` ${u.source}`;
    else if (u.kind === 'alarm') out += ` alarm ${u.alarm}`;
    else if (u.kind === 'event') out += ` ${u.name}`;
    else if (u.kind === 'status') out += ` battery ${u.battery ?? '?'} signal ${u.signal ?? '?'}`;
    else if (u.kind === 'ack') out += ` ack ${u.ref}`;
  }
  return out;
}
