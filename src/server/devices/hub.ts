import { EventEmitter } from 'node:events';
import type { Uplink } from '../../shared/devices/protocol';
import { MODULE_LISTENERS } from '../events';

/** A device known to the ingest (devices/cache.ts). */
export interface KnownDevice {
  id: number;
  imei: string;
  tenantId: number;
  kind: string;
  state: number;
  stockState: number;
  messageType: 'json' | 'cbor';
  secretVersion: number;
  /** Its product's protocol rules (docs/protocols.md "Leniencies", jt808); absent: the defaults (lenient, authentication required). */
  strictFraming?: boolean;
  jt808AuthRequired?: boolean;
}

/**
 * In-process events between the ingest and the rest of the service (commands, later the alarm
 * engine and the console push). Listeners must not throw; they run after the data is stored.
 */
export interface HubEvents {
  /** A device came online (connection, status online, or first message after offline). */
  online: [device: KnownDevice];
  offline: [device: KnownDevice];
  /** Every accepted uplink message, after it was stored. */
  uplink: [device: KnownDevice, message: Uplink, receivedAt: Date];
}

/** Every module reacting to device traffic listens here (alarms, fences, push, entities ...), as on DomainEvents. */
export class DeviceHub extends EventEmitter<HubEvents> {
  constructor() {
    super();
    this.setMaxListeners(MODULE_LISTENERS);
  }
}
