import { eq } from 'drizzle-orm';
import { monthOf } from '../../shared/months';
import { createRng, type Rng } from '../../shared/prng';
import type { Db } from '../db/driver';
import { carrierLines } from '../db/tables';
import { CarrierError, type Carrier, type CarrierStatus, type CarrierUsage } from './types';

export const CARRIER_LINE = { active: 1, suspended: 2 } as const;

interface SimulatedOptions {
  /** Milliseconds each call takes, uniformly between half and all of it (0: none). */
  delayMs?: number;
  /** Chance in [0, 1] that a call fails with a transient error (the platform is "busy"). */
  failRate?: number;
  /** Seed of the failures and delays, so a run replays. */
  seed?: number;
  timeZone?: string;
  now?: () => number;
}

const HOUR_MS = 3_600_000;

/** Hours since the month (of `ms`, in the zone) began; close enough across a DST change. */
export function hoursIntoMonth(ms: number, timeZone: string): number {
  const day = Number(new Intl.DateTimeFormat('en-CA', { timeZone, day: 'numeric' }).format(new Date(ms)));
  const hour = Number(
    new Intl.DateTimeFormat('en-CA', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(new Date(ms)),
  );
  return (day - 1) * 24 + hour;
}

/** A stable number in [0, 1) from an ICCID: each card has its own appetite. */
function appetite(iccid: string): number {
  let h = 2166136261;
  for (let i = 0; i < iccid.length; i++) h = Math.imul(h ^ iccid.charCodeAt(i), 16777619);
  return (h >>> 0) / 4294967296;
}

/**
 * Per hour of service: a card uses 0.2 to 6 MB of data (about 150 MB to 4.3 GB a month), now and
 * then an SMS and a minute of voice. Plausible for trackers, meters and door units.
 */
export function ratesOf(iccid: string): { dataMb: number; sms: number; voiceMin: number } {
  const a = appetite(iccid);
  return { dataMb: 0.2 + a * 5.8, sms: 0.01 + a * 0.05, voiceMin: a > 0.7 ? 0.05 + (a - 0.7) * 0.5 : 0 };
}

/**
 * The default carrier: the books of a carrier platform kept in `carrier_sim_lines` (one line per
 * ICCID, created when first asked about, active), so every replica agrees. Usage grows with the
 * hours a line is active and starts again each month. Calls take a little time and fail now and
 * then with a transient error (seeded), so callers' retries and the cards' in-between states
 * (shutdown in progress, resuming) are exercised; `failNext` forces failures in tests.
 */
export class SimulatedCarrier implements Carrier {
  readonly name = 'simulated';
  private readonly rng: Rng;
  private forced = 0;
  private readonly delayMs: number;
  private failRate: number;
  private readonly timeZone: string;
  private readonly now: () => number;
  /** Calls made (tests count the retries). */
  calls = 0;

  constructor(
    private readonly db: Db,
    opts: SimulatedOptions = {},
  ) {
    this.rng = createRng(opts.seed ?? 17);
    this.delayMs = opts.delayMs ?? 0;
    this.failRate = opts.failRate ?? 0;
    this.timeZone = opts.timeZone ?? 'Asia/Shanghai';
    this.now = opts.now ?? Date.now;
  }

  /** The next `n` calls fail with a transient error. */
  failNext(n: number): void {
    this.forced = n;
  }

  setFailRate(rate: number): void {
    this.failRate = rate;
  }

  async queryUsage(iccid: string): Promise<CarrierUsage> {
    await this.answer();
    const line = await this.grown(iccid);
    return {
      month: line.month,
      dataMb: Math.round(line.dataMb * 100) / 100,
      sms: Math.floor(line.sms),
      voiceMin: Math.floor(line.voiceMin),
    };
  }

  async suspend(iccid: string): Promise<void> {
    await this.answer();
    await this.grown(iccid);
    await this.db.update(carrierLines).set({ state: CARRIER_LINE.suspended }).where(eq(carrierLines.iccid, iccid));
  }

  async resume(iccid: string): Promise<void> {
    await this.answer();
    await this.grown(iccid);
    await this.db
      .update(carrierLines)
      .set({ state: CARRIER_LINE.active, grownAt: new Date(this.now()) })
      .where(eq(carrierLines.iccid, iccid));
  }

  async changePackage(iccid: string, packageCode: string): Promise<void> {
    if (!packageCode.trim()) throw new CarrierError('package code required', false);
    await this.answer();
    await this.grown(iccid);
    await this.db.update(carrierLines).set({ packageCode }).where(eq(carrierLines.iccid, iccid));
  }

  async status(iccid: string): Promise<CarrierStatus> {
    await this.answer();
    const line = await this.grown(iccid);
    return { state: line.state === CARRIER_LINE.suspended ? 'suspended' : 'active', packageCode: line.packageCode };
  }

  /**
   * Opens a line as the carrier would have it (the demo seed and tests): active or suspended,
   * with usage this month so far for an active one. An existing line is left alone.
   */
  async open(iccid: string, opts: { suspended?: boolean; packageCode?: string | null } = {}): Promise<void> {
    const now = this.now();
    const hours = opts.suspended ? hoursIntoMonth(now, this.timeZone) / 3 : hoursIntoMonth(now, this.timeZone);
    const r = ratesOf(iccid);
    await this.db
      .insert(carrierLines)
      .values({
        iccid,
        state: opts.suspended ? CARRIER_LINE.suspended : CARRIER_LINE.active,
        packageCode: opts.packageCode ?? null,
        month: monthOf(now, this.timeZone),
        dataMb: r.dataMb * hours,
        sms: r.sms * hours,
        voiceMin: r.voiceMin * hours,
        grownAt: new Date(now),
      })
      .onConflictDoNothing();
  }

  /** The line with its usage grown up to now (a new month starts from zero). */
  private async grown(iccid: string): Promise<typeof carrierLines.$inferSelect> {
    await this.open(iccid);
    const now = this.now();
    const month = monthOf(now, this.timeZone);
    const [line] = await this.db.select().from(carrierLines).where(eq(carrierLines.iccid, iccid));
    if (!line) throw new CarrierError('line vanished', true);
    const newMonth = line.month !== month;
    const since = newMonth
      ? Math.min(hoursIntoMonth(now, this.timeZone), (now - line.grownAt.getTime()) / HOUR_MS)
      : (now - line.grownAt.getTime()) / HOUR_MS;
    const hours = line.state === CARRIER_LINE.active ? Math.max(0, since) : 0;
    const r = ratesOf(iccid);
    const base = newMonth ? { dataMb: 0, sms: 0, voiceMin: 0 } : line;
    const next = {
      month,
      dataMb: base.dataMb + r.dataMb * hours,
      sms: base.sms + r.sms * hours,
      voiceMin: base.voiceMin + r.voiceMin * hours,
      grownAt: new Date(now),
    };
    if (hours === 0 && !newMonth) return line;
    const [updated] = await this.db.update(carrierLines).set(next).where(eq(carrierLines.iccid, iccid)).returning();
    return updated ?? line;
  }

  /** The platform's latency and its occasional "system busy". */
  private async answer(): Promise<void> {
    this.calls++;
    if (this.delayMs > 0)
      await new Promise((resolve) => setTimeout(resolve, this.delayMs * (0.5 + this.rng.next() / 2)));
    if (this.forced > 0) {
      this.forced--;
      throw new CarrierError('simulated carrier busy (forced)', true);
    }
    if (this.failRate > 0 && this.rng.chance(this.failRate)) throw new CarrierError('simulated carrier busy', true);
  }
}
