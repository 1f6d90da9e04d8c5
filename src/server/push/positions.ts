import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_STATE } from '../../shared/codes';
import type { Uplink } from '../../shared/devices/protocol';
import {
  POSITIONS_CODE,
  POSITIONS_PUSH_MS,
  type Position,
  type PositionsPush as Payload,
} from '../../shared/geo/positions';
import { tenantPositionsTopic } from '../../shared/topics';
import { messageTime } from '../alarms/intents';
import type { Broker } from '../broker/types';
import type { DeviceHub, KnownDevice } from '../devices/hub';
import type { UplinkPipeline } from '../ingest/pipeline';
import { TenantCoalescer } from './coalesce';

/** positionsPushSchema's limit per message. */
const MAX_PER_MESSAGE = 20_000;

interface PositionsDeps {
  broker: Pick<Broker, 'publish'>;
  log: FastifyBaseLogger;
  now: () => number;
  intervalMs?: number;
}

/**
 * Live positions for the map (9020 on `tenantPositionsTopic`): location fixes (GPS and UWB) and
 * online/offline changes are coalesced per tenant, the latest per device, and published at most
 * once per interval, QoS 0 (a late position is worthless; the next one replaces it). Each
 * replica publishes what it ingested; consoles merge by IMEI. Nothing is sent while idle.
 */
export class PositionsPublisher {
  private readonly batches: TenantCoalescer<Map<string, Position>>;
  private hub: DeviceHub | undefined;
  private release: (() => void) | undefined;
  private readonly onUplink = (device: KnownDevice, m: Uplink, receivedAt: Date) => {
    if (m.kind !== 'location') return;
    const p: Position = { imei: device.imei, state: DEVICE_STATE.online, ts: messageTime(m, receivedAt.getTime()) };
    if (m.lat !== undefined && m.lon !== undefined) Object.assign(p, { lat: m.lat, lon: m.lon });
    if (m.x !== undefined && m.y !== undefined)
      Object.assign(p, { x: m.x, y: m.y }, m.floor === undefined ? {} : { floor: m.floor });
    p.source = m.source;
    if (m.accuracy !== undefined) p.accuracy = m.accuracy;
    this.put(device.tenantId, p);
  };
  private readonly onOnline = (device: KnownDevice) => this.presence(device, DEVICE_STATE.online);
  private readonly onOffline = (device: KnownDevice) => this.presence(device, DEVICE_STATE.offline);

  constructor(private readonly deps: PositionsDeps) {
    this.batches = new TenantCoalescer({
      now: deps.now,
      intervalMs: deps.intervalMs ?? POSITIONS_PUSH_MS,
      empty: () => new Map(),
      publish: (tenantId, byImei) => {
        const all = [...byImei.values()];
        for (let i = 0; i < all.length; i += MAX_PER_MESSAGE) {
          const body: Payload = { code: POSITIONS_CODE, positions: all.slice(i, i + MAX_PER_MESSAGE) };
          deps.broker
            .publish(tenantPositionsTopic(tenantId), body, { qos: 0 })
            .catch((err: unknown) => deps.log.warn({ err, tenantId }, 'positions push failed'));
        }
      },
    });
  }

  /** Takes the pipeline's 'positions' stage and the hub's presence events. */
  start(hub: DeviceHub, uplinks: UplinkPipeline): this {
    this.hub = hub;
    hub.on('online', this.onOnline).on('offline', this.onOffline);
    this.release = uplinks.use('positions', this.onUplink);
    return this;
  }

  close(): void {
    this.release?.();
    this.hub?.off('online', this.onOnline).off('offline', this.onOffline);
    this.batches.clear();
  }

  /** A state change keeps the device's pending coordinates; without any, the console keeps the ones it has. */
  private presence(device: KnownDevice, state: number): void {
    const had = this.batches.peek(device.tenantId)?.get(device.imei);
    this.put(device.tenantId, { ...had, imei: device.imei, state, ts: had?.ts ?? this.deps.now() });
  }

  private put(tenantId: number, p: Position): void {
    this.batches.add(tenantId, (byImei) => byImei.set(p.imei, p));
  }

  /** Publishes everything pending now (the timer calls it; tests may too). */
  flush(): void {
    this.batches.flush();
  }
}
