import { EventEmitter } from 'node:events';
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
 * Presence events between the ingest and the rest of the service (the alarm engine, the console
 * push, commands, integrations ...). Listeners must not throw; they run after the data is stored.
 * What a stored message sets off is not here: that is the uplink pipeline (ingest/pipeline.ts).
 */
interface HubEvents {
  /** A device came online (connection, status online, or first message after offline). */
  online: [device: KnownDevice];
  offline: [device: KnownDevice];
}

/** Devices coming online and going offline, as on DomainEvents; stored uplinks take the pipeline (ingest/pipeline.ts). */
export class DeviceHub extends EventEmitter<HubEvents> {
  constructor() {
    super();
    this.setMaxListeners(MODULE_LISTENERS);
  }
}
