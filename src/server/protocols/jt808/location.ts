/**
 * JT/T 808 location information bodies (split from decode.ts): the standard alarm bits and
 * decodeLocation, which raises alarms, vendor alarms, charging and ignition on their edges.
 */
import type { Uplink } from '../../../shared/devices/protocol';
import { ProtocolError, type Session } from '../types';
import { readTime, type Happening, type Status } from './fields';
import { readItems, VENDOR_BITS, type Items } from './items';

/** The alarm word of the terminal's last location, for telling a new alarm from a standing one. */
const ALARM_KEY = 'jt808.alarm';
/** The same for the alarms vendors put in additional items (VENDOR_BITS). */
const VENDOR_KEY = 'jt808.vendorAlarm';
/** Status bits 0 (ignition) and 26 (charging) of the last location. */
const STATUS_KEY = 'jt808.status';

type Location = Extract<Uplink, { kind: 'location' }>;

/**
 * The alarm flag bits of a location report. Bits 0, 3, 20, 21, 22, 27 and 28 stay set until the
 * platform answers the report, so each report carrying one is a new alarm; the others are
 * conditions that stay set while they last, and raise an alarm only when they appear. Bits 15-17
 * are reserved in the standard; terminals on the market use them for vibration and tampering
 * (as Traccar reads them).
 */
const ALARM_BITS: readonly (Happening | undefined)[] = [
  { alarm: 'sos' },
  { event: 'overspeed' },
  { event: 'fatigue' },
  { event: 'dangerWarning' },
  { event: 'gnssFault' },
  { event: 'gnssAntennaCut' },
  { event: 'gnssAntennaShort' },
  // Main power under voltage.
  { alarm: 'lowBattery' },
  // Main power cut.
  { alarm: 'powerLoss' },
  { event: 'displayFault' },
  { event: 'ttsFault' },
  { event: 'cameraFault' },
  { event: 'icCardFault' },
  { event: 'overspeedWarning' },
  { event: 'fatigueWarning' },
  { event: 'vibration' },
  { alarm: 'fault', note: 'tampering' },
  { alarm: 'fault', note: 'tampering' },
  { event: 'drivingTimeout' },
  { event: 'parkingTimeout' },
  { event: 'area' },
  { event: 'route' },
  { event: 'routeTime' },
  { event: 'routeDeviation' },
  { event: 'vssFault' },
  { event: 'fuelAbnormal' },
  { event: 'theft' },
  { event: 'illegalIgnition' },
  { event: 'illegalMovement' },
  { alarm: 'collision' },
  { alarm: 'collision', note: 'rollover' },
  { event: 'illegalDoor' },
];
const ONE_SHOT_BITS = (1 << 0) | (1 << 3) | (1 << 20) | (1 << 21) | (1 << 22) | (1 << 27) | (1 << 28);
const POWER_CUT_BIT = 1 << 8;

function happening(h: Happening, ts: number | undefined): Uplink {
  let out: Uplink;
  if ('alarm' in h) {
    out = { kind: 'alarm', alarm: h.alarm };
    if (h.note !== undefined) out.note = h.note;
  } else out = { kind: 'event', name: `jt808.${h.event}` };
  if (ts !== undefined) out.ts = ts;
  return out;
}

/**
 * One location information body (0x0200, and inside 0x0201 and 0x0704): alarm word, status
 * word (bit 0 ignition, 1 fix valid, 2 south, 3 west, 26 charging), latitude and longitude in
 * 1e-6 degree, altitude m, speed 1/10 km/h, direction, BCD time, then additional items (readItems).
 */
export function decodeLocation(d: Buffer, start: number, end: number, session: Session, out: Uplink[]): string {
  if (end - start < 28) throw new ProtocolError(`location of ${end - start} bytes, needs 28`);
  const alarm = d.readUInt32BE(start);
  const flags = d.readUInt32BE(start + 4);
  const lat = d.readUInt32BE(start + 8) / 1e6;
  const lon = d.readUInt32BE(start + 12) / 1e6;
  const ts = readTime(d, start + 22);
  const speed = d.readUInt16BE(start + 18) / 10;
  const heading = d.readUInt16BE(start + 20);

  const status: Status = { kind: 'status' };
  const items: Items = { status, satellites: undefined, mileage: undefined, vendor: 0, events: [] };
  readItems(d, start + 28, end, items);

  const placed = (lat !== 0 || lon !== 0) && lat <= 90 && lon <= 180;
  if (placed) {
    const loc: Location = {
      kind: 'location',
      source: 'gps',
      lat: flags & 4 ? -lat : lat,
      lon: flags & 8 ? -lon : lon,
      alt: d.readInt16BE(start + 16),
      valid: (flags & 2) !== 0,
    };
    if (ts !== undefined) loc.ts = ts;
    if (speed <= 2000) loc.speed = speed;
    if (heading <= 360) loc.heading = heading;
    if (items.satellites !== undefined) loc.satellites = items.satellites;
    out.push(loc);
  }

  const before = (session.state[ALARM_KEY] as number | undefined) ?? 0;
  session.state[ALARM_KEY] = alarm;
  const raised = (alarm & ~before) | (alarm & ONE_SHOT_BITS);
  if (alarm & ~before & POWER_CUT_BIT) status.mainsPower = 0;
  else if (before & ~alarm & POWER_CUT_BIT) status.mainsPower = 1;
  // Status bit 26, charging: told while set, and once when it clears.
  const was = session.state[STATUS_KEY] as number | undefined;
  session.state[STATUS_KEY] = flags;
  if (status.charging === undefined) {
    if (flags & (1 << 26)) status.charging = true;
    else if (was !== undefined && was & (1 << 26)) status.charging = false;
  }
  if (
    status.battery !== undefined ||
    status.signal !== undefined ||
    status.mainsPower !== undefined ||
    status.charging !== undefined ||
    status.iccid !== undefined
  ) {
    if (ts !== undefined) status.ts = ts;
    out.push(status);
  }
  for (let bit = 0; bit < 32; bit++) {
    const h = ALARM_BITS[bit];
    if (h && (raised >>> bit) & 1) out.push(happening(h, ts));
  }
  const vendorBefore = (session.state[VENDOR_KEY] as number | undefined) ?? 0;
  session.state[VENDOR_KEY] = items.vendor;
  const vendorRaised = items.vendor & ~vendorBefore;
  if (vendorRaised)
    for (let bit = 0; bit < VENDOR_BITS.length; bit++)
      if ((vendorRaised >>> bit) & 1) out.push(happening(VENDOR_BITS[bit]!, ts));
  for (const h of items.events) out.push(happening(h, ts));
  // Status bit 0, ignition: an event when it turns on (or is first seen on), and when it turns off.
  const on = (flags & 1) !== 0;
  if (on ? was === undefined || !(was & 1) : was !== undefined && was & 1)
    out.push(happening({ event: on ? 'ignitionOn' : 'ignitionOff' }, ts));

  const signed = `${flags & 4 ? '-' : ''}${lat.toFixed(6)},${flags & 8 ? '-' : ''}${lon.toFixed(6)}`;
  let summary = placed ? ` ${signed}${flags & 2 ? '' : ' invalid'}` : ' no fix';
  if (alarm) summary += ` alarm 0x${alarm.toString(16)}`;
  if (items.mileage !== undefined) summary += ` mileage ${items.mileage} km`;
  return summary;
}
