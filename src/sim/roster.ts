import { KIND_INFO, SIMULATED_KINDS, type DeviceKind, type SimScenario } from '../shared/devices/kinds';
import type { Encoding } from '../shared/devices/codec';
import { demoFleet, SCENARIO_SITES, type DemoDevice } from '../shared/devices/demo';

/** A device the simulator plays (the brain gives it behaviour). */
export interface SimDevice {
  imei: string;
  kind: DeviceKind;
  scenario: SimScenario;
  /** Home position (WGS-84). */
  lat: number;
  lon: number;
  messageType: Encoding;
  /** A 4G gateway's sub-devices (how many it relays). */
  subDevices?: number;
}

let demoByImei: Map<string, DemoDevice> | undefined;

export function demoDevice(imei: string): DemoDevice | undefined {
  demoByImei ??= new Map(demoFleet().map((d) => [d.imei, d]));
  return demoByImei.get(imei);
}

/** A kind the simulator can play; the console's patrol phone is a person's own, never simulated. */
function isKind(kind: string): kind is DeviceKind {
  return (SIMULATED_KINDS as readonly string[]).includes(kind);
}

/**
 * A listed device as the simulator runs it. The list carries no position, so a demo device
 * starts at its demo home and any other at the site of its kind's first scenario.
 */
export function toSimDevice(row: { imei: string; kind: string; messageType?: string | null }): SimDevice | undefined {
  if (!isKind(row.kind)) return undefined;
  const demo = demoDevice(row.imei);
  const scenario = demo?.scenario ?? KIND_INFO[row.kind].scenarios[0]!;
  const home = demo ?? SCENARIO_SITES[scenario];
  const subDevices = row.kind === 'gateway4g' ? demoFleet().filter((d) => d.gateway === row.imei).length : undefined;
  return {
    imei: row.imei,
    kind: row.kind,
    scenario,
    lat: home.lat,
    lon: home.lon,
    messageType: row.messageType === 'cbor' ? 'cbor' : 'json',
    ...(subDevices === undefined ? {} : { subDevices }),
  };
}

/** Demo devices first (the demo is what people look at), then the rest; narrowed and capped. */
export function pickDevices(devices: SimDevice[], opts: { count?: number; scenario?: SimScenario }): SimDevice[] {
  const wanted = devices.filter((d) => !opts.scenario || d.scenario === opts.scenario);
  const demo = wanted.filter((d) => demoDevice(d.imei));
  const others = wanted.filter((d) => !demoDevice(d.imei));
  // Without --count, the demo fleet; with it, as many as asked (topping up with other devices).
  if (opts.count === undefined) return demo.length ? demo : others;
  return [...demo, ...others].slice(0, opts.count);
}
