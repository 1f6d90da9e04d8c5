/**
 * The community's prepaid meters behind its 4G gateways (DTUs): each simulated gateway asks the
 * service which meters it reads (`GET /api/user/utilityAccount/meters`, with its own MQTT
 * credentials as Basic auth), keeps their cumulative registers, advances them through the day's
 * usage pattern (src/shared/devices/utility-usage.ts: night base load, morning and evening
 * peaks) and posts the readings (`POST .../meterReadings`) every METER_EVERY_S seconds. The demo
 * clock runs METER_SPEED times faster than real time, so balances visibly drop and a room seeded
 * just above its threshold goes low (a live low-balance alarm) within minutes of `npm start`.
 * Gateways without meters (the fire site's) ask once, then every few minutes. A meter whose valve
 * (relay) the service closed, its account in arrears, takes nothing until the answer says open.
 */
import { beijingHour, hourlyUse } from '../shared/devices/utility-usage';
import { createRng, seedOf } from '../shared/prng';

const METER_EVERY_S = 30;
const METER_SPEED = 30;
/** The meter list is asked for again this often (accounts opened or moved meanwhile). */
const REFRESH_EVERY = 10;

interface Meter {
  kind: 'electricity' | 'water';
  meterNo: string;
  reading: number;
  /** The room's typical use per day (kWh or m³). */
  perDay: number;
  /** The service closed the valve (relay): the account is in arrears, nothing flows until it is topped up. */
  closed: boolean;
}

interface MeterGateway {
  imei: string;
  secret: string;
  kind: string;
}

/** Starts the meter readers of the fleet's 4G gateways; stops when `stopped()` says so. Without an HTTP base nothing runs. */
export function startMeters(
  members: { device: MeterGateway | { imei: string; kind: string }; secret: string }[],
  opts: { httpBase?: string; log: (line: string) => void },
  stopped: () => boolean,
): void {
  const base = opts.httpBase;
  if (!base) return;
  for (const m of members) {
    if (m.device.kind !== 'gateway4g') continue;
    new MeterReader(base, m.device.imei, m.secret, opts.log, stopped).start();
  }
}

export class MeterReader {
  private meters = new Map<string, Meter>();
  private ticks = 0;
  private last = Date.now();
  private readonly rng;
  private failedOnce = false;

  constructor(
    private readonly base: string,
    private readonly imei: string,
    private readonly secret: string,
    private readonly log: (line: string) => void,
    private readonly stopped: () => boolean,
  ) {
    this.rng = createRng(seedOf(imei));
  }

  start(): void {
    const timer = setInterval(() => {
      if (this.stopped()) return clearInterval(timer);
      this.tick().catch((err: unknown) => {
        if (!this.failedOnce) this.log(`meters of ${this.imei}: ${(err as Error).message}`);
        this.failedOnce = true;
      });
    }, METER_EVERY_S * 1000);
    timer.unref();
  }

  private get auth(): string {
    return `Basic ${Buffer.from(`${this.imei}:${this.secret}`).toString('base64')}`;
  }

  /** One round: refresh the meter list now and then, advance every register, post the readings. */
  async tick(now = Date.now()): Promise<number> {
    if (this.ticks++ % REFRESH_EVERY === 0) await this.refresh();
    const elapsedH = ((now - this.last) / 3_600_000) * METER_SPEED;
    this.last = now;
    if (!this.meters.size || elapsedH <= 0) return 0;
    const hour = beijingHour(now);
    const readings = [...this.meters.values()].map((m) => {
      const use = m.closed
        ? 0
        : hourlyUse(m.kind === 'water' ? 2 : 1, hour, m.perDay) * elapsedH * this.rng.range(0.6, 1.4);
      m.reading = Math.round((m.reading + use) * 1000) / 1000;
      return { kind: m.kind, meterNo: m.meterNo, reading: m.reading, ts: now };
    });
    const res = await fetch(`${this.base}/api/user/utilityAccount/meterReadings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: this.auth },
      body: JSON.stringify({ readings }),
    });
    if (!res.ok) throw new Error(`meter readings: HTTP ${res.status}`);
    // Each answer says the valve: closed once the account went into arrears, open again after a top-up.
    const answer = (await res.json().catch(() => ({}))) as {
      data?: { results?: { meterNo?: string; valve?: string }[] };
    };
    for (const [i, r] of (answer.data?.results ?? []).entries()) {
      const sent = readings[i];
      const m = sent && this.meters.get(`${sent.kind}:${sent.meterNo}`);
      if (m && r.valve) m.closed = r.valve === 'closed';
    }
    return readings.length;
  }

  private async refresh(): Promise<void> {
    const res = await fetch(`${this.base}/api/user/utilityAccount/meters`, { headers: { authorization: this.auth } });
    const body = (await res.json().catch(() => ({}))) as {
      code?: number;
      data?: {
        meters: { kind: 'electricity' | 'water'; meterNo: string; lastReading: number | null; valve?: string }[];
      };
    };
    if (body.code !== 0 || !body.data) throw new Error(`meter list: HTTP ${res.status} code ${body.code}`);
    const next = new Map<string, Meter>();
    for (const m of body.data.meters) {
      const key = `${m.kind}:${m.meterNo}`;
      const had = this.meters.get(key);
      // The register never runs back: a reading the service holds above ours (entered by hand) wins.
      const reading = Math.max(had?.reading ?? 0, m.lastReading ?? 0);
      next.set(key, {
        kind: m.kind,
        meterNo: m.meterNo,
        reading,
        perDay: had?.perDay ?? (m.kind === 'water' ? this.rng.range(0.15, 0.55) : this.rng.range(3, 9)),
        closed: m.valve === 'closed',
      });
    }
    this.meters = next;
  }
}
