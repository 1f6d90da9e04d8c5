/**
 * Breakers and 4G gateways of the simulator (docs/device-protocol.md#breakers-and-gateways): what
 * they add to a report, and how a breaker obeys switch, lock and unlock. brain.ts asks these
 * before its generic command handling, so the rest of the device stays as it is.
 */
import { CLOSING_MODES, OPENING_MODES, type Metric, type SwitchMode } from '../shared/devices/kinds';
import type { Values } from './models';

/** Metrics that are a breaker's or gateway's state, added here rather than measured by the model. */
export const STATE_METRICS: readonly Metric[] = ['closed', 'locked', 'traffic', 'subDevices'];

/** A command's outcome, acked as is; `changed` when the state moved (the device reports it at once). */
export interface Outcome {
  ok: boolean;
  msg: string;
  changed: boolean;
}

/**
 * An air switch: closed (power flows) or open, and a lock that refuses both until unlocked. An
 * open breaker reads its line voltage but no current and no power.
 */
export class Breaker {
  closed = true;
  locked = false;

  /** The switch command: open or close by its mode; a locked breaker answers a nack. */
  switch(mode: SwitchMode): Outcome {
    if (this.locked) return { ok: false, msg: 'locked', changed: false };
    const closing = CLOSING_MODES.includes(mode);
    const opening = OPENING_MODES.includes(mode);
    // The linkage modes only choose how the breaker reacts to alarms; the switch stays.
    if (!closing && !opening) return { ok: true, msg: `switch ${mode}`, changed: false };
    const changed = this.closed !== closing;
    this.closed = closing;
    return { ok: true, msg: closing ? 'closed' : 'opened', changed };
  }

  lock(locked: boolean): Outcome {
    const changed = this.locked !== locked;
    this.locked = locked;
    return { ok: true, msg: locked ? 'locked' : 'unlocked', changed };
  }

  /** The model's readings with the switch applied, plus the state itself. */
  report(values: Values): Values {
    const out: Values = { ...values, closed: this.closed ? 1 : 0, locked: this.locked ? 1 : 0 };
    if (!this.closed) {
      out.current = 0;
      out.power = 0;
    }
    return out;
  }
}

/** Kilobytes one sub-device's readings cost on the uplink per report, about. */
const KB_PER_SUB_DEVICE = 1.5;
/** The gateway's own heartbeat and status traffic per report. */
const KB_OWN = 0.8;

/** A 4G gateway: relays its sub-devices and reports how many and how much it sent. */
export class Gateway {
  constructor(readonly subDevices: number) {}

  report(values: Values, dtS: number, intervalS: number): Values {
    // Traffic scales with the time since the last report (a late report carries more).
    const reports = Math.max(1, dtS / Math.max(1, intervalS));
    const traffic = Math.round((KB_OWN + this.subDevices * KB_PER_SUB_DEVICE) * reports * 10) / 10;
    return { ...values, subDevices: this.subDevices, traffic };
  }
}
