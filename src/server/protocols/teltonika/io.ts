/**
 * Teltonika I/O elements by id (Teltonika's FMB AVL ID list; TMT250 and GH5200 share the ids
 * below), and what the service makes of them (docs/protocols.md, teltonika "I/O elements").
 */
import type { AlarmEvent } from '../../../shared/devices/protocol';

export const IO = {
  gsmSignal: 21,
  externalVoltage: 66,
  batteryVoltage: 67,
  gnssStatus: 69,
  batteryLevel: 113,
  chargerConnected: 116,
  cellId: 205,
  areaCode: 206,
  alarm: 236,
  ignition: 239,
  movement: 240,
  gsmOperator: 241,
  manDown: 242,
  towing: 246,
  crash: 247,
  jamming: 249,
  trip: 250,
  idling: 251,
  unplug: 252,
  greenDriving: 253,
  overspeeding: 255,
} as const;

/** Names of the ids the summary shows by name (the rest are `io<id>`). */
const IO_NAMES: Readonly<Record<number, string>> = {
  1: 'din1',
  2: 'din2',
  9: 'ain1',
  16: 'odometer',
  21: 'gsmSignal',
  24: 'speed',
  66: 'externalVoltage',
  67: 'batteryVoltage',
  68: 'batteryCurrent',
  69: 'gnssStatus',
  113: 'batteryLevel',
  116: 'charger',
  179: 'dout1',
  180: 'dout2',
  181: 'pdop',
  182: 'hdop',
  199: 'tripOdometer',
  200: 'sleepMode',
  205: 'cellId',
  206: 'areaCode',
  236: 'alarm',
  239: 'ignition',
  240: 'movement',
  241: 'gsmOperator',
  242: 'manDown',
  246: 'towing',
  247: 'crash',
  249: 'jamming',
  250: 'trip',
  251: 'idling',
  252: 'unplug',
  253: 'greenDriving',
  255: 'overspeeding',
};

/**
 * Elements sent only when their event happens ("eventual" in the AVL ID list): a record carrying
 * one with a value other than 0 raises it. Others are states, read on their edge (decode.ts).
 */
export const EVENT_ALARMS: Readonly<Record<number, AlarmEvent>> = {
  // The alarm (panic) button: TMT250's and GH5200's SOS key, an FMB's DIN set up as alarm.
  [IO.alarm]: 'sos',
  [IO.manDown]: 'fall',
  // Crash detection.
  [IO.crash]: 'collision',
};

/** Eventual elements that raise no alarm: stored as events `teltonika.<name>` (value: the element's). */
export const EVENT_NAMES: Readonly<Record<number, (value: number) => string | undefined>> = {
  [IO.towing]: () => 'towing',
  [IO.jamming]: (v) => (v === 1 ? 'jamming' : undefined),
  [IO.idling]: (v) => (v === 1 ? 'idling' : undefined),
  [IO.greenDriving]: (v) =>
    v === 1 ? 'harshAcceleration' : v === 2 ? 'harshBraking' : v === 3 ? 'harshCornering' : undefined,
  [IO.overspeeding]: () => 'overspeed',
};

/** Battery level (IO 113) at or under which the low battery alarm is raised, on its edge. */
export const LOW_BATTERY_PERCENT = 10;

export function ioName(id: number): string {
  return IO_NAMES[id] ?? `io${id}`;
}
