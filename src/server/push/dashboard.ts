import type { FastifyBaseLogger } from 'fastify';
import { DASHBOARD_CODE, DASHBOARD_PUSH_MS, type DashboardPush } from '../../shared/dashboard';
import type { Uplink } from '../../shared/devices/protocol';
import { tenantDashboardTopic } from '../../shared/topics';
import type { AlarmEvents, AlarmHub } from '../alarms/hub';
import type { Broker } from '../broker/types';
import type { DeviceHub, KnownDevice } from '../devices/hub';
import type { UplinkPipeline } from '../ingest/pipeline';
import { TenantCoalescer } from './coalesce';

type Part = DashboardPush['parts'][number];

interface DashboardDeps {
  broker: Pick<Broker, 'publish'>;
  log: FastifyBaseLogger;
  now: () => number;
  intervalMs?: number;
}

/**
 * The dashboards' live notice (9040 on `tenantDashboardTopic`): what changed in a tenant (device
 * states, readings, alarms) after it is stored, coalesced per tenant and published at most once
 * per interval, QoS 0. Consoles fetch the summary again (throttled), so every figure comes from
 * the one query whatever filter each console has; docs/decisions.md "Dashboards" says why.
 */
export class DashboardPublisher {
  private readonly batches: TenantCoalescer<Set<Part>>;
  private devices: DeviceHub | undefined;
  private alarms: AlarmHub | undefined;
  private release: (() => void) | undefined;
  private readonly onUplink = (device: KnownDevice, m: Uplink) => {
    // Acks change nothing a dashboard shows; calls and cards come back as alarm records.
    if (m.kind === 'telemetry' || m.kind === 'status' || m.kind === 'location') this.put(device.tenantId, 'readings');
  };
  private readonly onPresence = (device: KnownDevice) => this.put(device.tenantId, 'devices');
  private readonly onRaised = (...[alarm]: AlarmEvents['raised']) => this.put(alarm.tenantId, 'alarms');
  private readonly onUpdated = (...[tenantId]: AlarmEvents['updated']) => this.put(tenantId, 'alarms');

  constructor(deps: DashboardDeps) {
    this.batches = new TenantCoalescer({
      now: deps.now,
      intervalMs: deps.intervalMs ?? DASHBOARD_PUSH_MS,
      empty: () => new Set(),
      publish: (tenantId, parts, at) => {
        const body: DashboardPush = { code: DASHBOARD_CODE, parts: [...parts], at };
        deps.broker
          .publish(tenantDashboardTopic(tenantId), body, { qos: 0 })
          .catch((err: unknown) => deps.log.warn({ err, tenantId }, 'dashboard push failed'));
      },
    });
  }

  /** Takes the pipeline's 'dashboard' stage and the hubs' events. */
  start(devices: DeviceHub, alarms: AlarmHub, uplinks: UplinkPipeline): this {
    this.devices = devices;
    this.alarms = alarms;
    devices.on('online', this.onPresence).on('offline', this.onPresence);
    this.release = uplinks.use('dashboard', this.onUplink);
    alarms.on('raised', this.onRaised).on('updated', this.onUpdated);
    return this;
  }

  close(): void {
    this.release?.();
    this.devices?.off('online', this.onPresence).off('offline', this.onPresence);
    this.alarms?.off('raised', this.onRaised).off('updated', this.onUpdated);
    this.batches.clear();
  }

  private put(tenantId: number, part: Part): void {
    this.batches.add(tenantId, (parts) => parts.add(part));
  }

  /** Publishes everything pending now (the timer calls it; tests may too). */
  flush(): void {
    this.batches.flush();
  }
}
