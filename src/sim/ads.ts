/**
 * A simulated door unit's screen (docs/device-protocol.md#advertising): it keeps the ads the
 * service pushes (`adPush`), drops withdrawn ones (`adWithdraw`) and plays them one after another
 * on a loop, each for its duration, while its schedule allows; every finished play becomes an
 * `adPlay` report. The demo ad is 8 s long, so with the 10 s report interval each unit reports
 * about one play per interval: the plays screen fills within a minute.
 */
import { adPushParams, adWithdrawParams, inSchedule, type AdPush } from '../shared/devices/ads';

interface AdPlayReport {
  adId: number;
  startedAt: number;
  seconds: number;
}

/** At most this many plays are reported per tick; a longer gap (the unit was asleep) is skipped. */
const MAX_PLAYS_PER_TICK = 20;

export class AdScreen {
  private readonly ads = new Map<number, AdPush>();
  /** The ad on screen and when it started; undefined while nothing plays. */
  private current?: { ad: AdPush; since: number };
  /** Where the loop is: the next ad starts after this one. */
  private last?: number;
  /** Plays reported so far. */
  played = 0;

  get adIds(): number[] {
    return [...this.ads.keys()];
  }

  /** An `adPush` or `adWithdraw` command's parameters: the ack message, or throws on bad ones. */
  obey(cmd: 'adPush' | 'adWithdraw', params: unknown, now: number): string {
    if (cmd === 'adPush') {
      const ad = adPushParams.parse(params);
      this.ads.set(ad.adId, ad);
      // A replaced ad playing now restarts with its new version.
      if (this.current?.ad.adId === ad.adId) this.current = undefined;
      if (!this.current) this.start(now);
      return `ad ${ad.adId} stored`;
    }
    const { adId } = adWithdrawParams.parse(params);
    const had = this.ads.delete(adId);
    if (this.current?.ad.adId === adId) {
      this.current = undefined;
      this.start(now);
    }
    return had ? `ad ${adId} removed` : `ad ${adId} not here`;
  }

  /** Plays finished by `now`; the loop moves on to the next ad its schedule allows. */
  tick(now: number): AdPlayReport[] {
    const out: AdPlayReport[] = [];
    if (!this.current) this.start(now);
    while (this.current && out.length < MAX_PLAYS_PER_TICK) {
      const { ad, since } = this.current;
      const end = since + ad.durationS * 1000;
      if (end > now) break;
      out.push({ adId: ad.adId, startedAt: since, seconds: ad.durationS });
      this.current = undefined;
      this.start(end, now);
    }
    if (out.length >= MAX_PLAYS_PER_TICK && this.current) this.current.since = now;
    this.played += out.length;
    return out;
  }

  /** The next ad after the last one played whose schedule allows it at `at` (never later than `now`). */
  private start(at: number, now = at): void {
    const ids = [...this.ads.keys()].sort((a, b) => a - b);
    if (!ids.length) return;
    const after = this.last === undefined ? -1 : ids.findIndex((id) => id > this.last!);
    const order = after < 0 ? ids : [...ids.slice(after), ...ids.slice(0, after)];
    const next = order.map((id) => this.ads.get(id)!).find((ad) => inSchedule(ad.schedule, new Date(at)));
    if (!next) return;
    this.last = next.adId;
    this.current = { ad: next, since: Math.min(at, now) };
  }
}
