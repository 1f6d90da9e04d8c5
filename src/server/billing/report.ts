import { and, eq, gte, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addMonths, monthOf } from '../../shared/months';
import { isPlatformScope, type Scope } from '../db/scope';
import { tenants } from '../db/schema';
import { adPlays, advertisements } from '../../entities/advertisement/table';
import { simCards, simUsageMonths } from '../../entities/sim-card/table';
import { bills } from '../../entities/bill/table';
import type { BillReport, ReportRow, UsageRow } from '../../shared/bill-report';

const num = (v: unknown) => Number(v ?? 0);

/**
 * /Report: revenue (paid bills minus refunds) and usage, by month, carrier, package and, for the
 * platform, tenant. Months are the service's time zone (TIME_ZONE); a bill counts in the month
 * it was paid, a refund in the month it was given. Default span: the last 6 months.
 */
export async function billReport(
  app: FastifyInstance,
  scope: Scope,
  span: { from?: string; to?: string },
): Promise<BillReport> {
  const tz = app.config.timeZone;
  const now = new Date(app.clock.now());
  let to = span.to ?? monthOf(now, tz);
  let from = span.from ?? addMonths(to, -5);
  if (from > to) [from, to] = [to, from] as [string, string];
  const platform = isPlatformScope(scope);
  const mine = (col: typeof bills.tenantId): SQL | undefined => (platform ? undefined : eq(col, scope.tenantId));
  const month = (col: SQL | typeof bills.paidAt) => sql<string>`to_char(${col} at time zone ${tz}, 'YYYY-MM')`;
  const start = sql`(${`${from}-01 00:00`}::timestamp at time zone ${tz})`;
  const end = sql`(${`${addMonths(to, 1)}-01 00:00`}::timestamp at time zone ${tz})`;
  const paidIn = and(mine(bills.tenantId), isNotNull(bills.paidAt), gte(bills.paidAt, start), lt(bills.paidAt, end));
  const refundIn = and(
    mine(bills.tenantId),
    isNotNull(bills.refundedAt),
    gte(bills.refundedAt, start),
    lt(bills.refundedAt, end),
  );

  /** Paid in the span grouped by `key`, minus refunds given in the span grouped the same way. */
  async function grouped(key: SQL, label?: SQL): Promise<ReportRow[]> {
    const paid = await app.db
      .select({
        key: sql<string>`${key}::text`,
        label: label ? sql<string>`${label}` : sql<string>`null`,
        bills: sql<number>`count(*)::int`,
        fen: sql<number>`coalesce(sum(${bills.amountFen}), 0)::bigint`,
      })
      .from(bills)
      .leftJoin(tenants, eq(tenants.id, bills.tenantId))
      .where(paidIn)
      .groupBy(sql`1`, sql`2`);
    const back = await app.db
      .select({
        key: sql<string>`${key}::text`,
        label: label ? sql<string>`${label}` : sql<string>`null`,
        fen: sql<number>`coalesce(sum(${bills.refundedFen}), 0)::bigint`,
      })
      .from(bills)
      .leftJoin(tenants, eq(tenants.id, bills.tenantId))
      .where(refundIn)
      .groupBy(sql`1`, sql`2`);
    const rows = new Map<string, ReportRow>();
    const at = (k: string | null, l: string | null) => {
      const id = k ?? '';
      if (!rows.has(id))
        rows.set(id, { key: id, label: l ?? undefined, bills: 0, paidFen: 0, refundFen: 0, revenueFen: 0 });
      return rows.get(id)!;
    };
    for (const p of paid) Object.assign(at(p.key, p.label), { bills: num(p.bills), paidFen: num(p.fen) });
    for (const b of back) at(b.key, b.label).refundFen = num(b.fen);
    for (const r of rows.values()) r.revenueFen = r.paidFen - r.refundFen;
    return [...rows.values()].sort((a, b) => b.revenueFen - a.revenueFen);
  }

  // Months: every month of the span, even one without bills; the refund month is its own.
  const paidByMonth = await app.db
    .select({
      key: month(bills.paidAt),
      bills: sql<number>`count(*)::int`,
      fen: sql<number>`coalesce(sum(${bills.amountFen}), 0)::bigint`,
    })
    .from(bills)
    .where(paidIn)
    .groupBy(sql`1`);
  const refundByMonth = await app.db
    .select({ key: month(bills.refundedAt as never), fen: sql<number>`coalesce(sum(${bills.refundedFen}), 0)::bigint` })
    .from(bills)
    .where(refundIn)
    .groupBy(sql`1`);
  // Advertising: fee per play x plays, in the month played.
  const adByMonth = await app.db
    .select({
      key: month(adPlays.startedAt as never),
      plays: sql<number>`count(*)::int`,
      fen: sql<number>`coalesce(round(sum(${advertisements.fee}) * 100), 0)::bigint`,
    })
    .from(adPlays)
    .innerJoin(advertisements, eq(advertisements.id, adPlays.adId))
    .where(and(mine(adPlays.tenantId as never), gte(adPlays.startedAt, start), lt(adPlays.startedAt, end)))
    .groupBy(sql`1`);
  const byMonth: BillReport['byMonth'] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) {
    const p = paidByMonth.find((r) => r.key === m);
    const r = refundByMonth.find((x) => x.key === m);
    const a = adByMonth.find((x) => x.key === m);
    const paidFen = num(p?.fen);
    const refundFen = num(r?.fen);
    byMonth.push({
      key: m,
      bills: num(p?.bills),
      paidFen,
      refundFen,
      revenueFen: paidFen - refundFen,
      adFen: num(a?.fen),
    });
  }

  const byCarrier = await grouped(sql`${bills.carrier}`);
  const byPackage = await grouped(sql`${bills.packageName}`);
  const byTenant = platform ? await grouped(sql`${bills.tenantId}`, sql`${tenants.name}`) : undefined;

  const usageByCarrier = (
    await app.db
      .select({
        key: sql<string>`${simCards.carrier}::text`,
        cards: sql<number>`count(*)::int`,
        dataMb: sql<number>`coalesce(sum(${simCards.dataUsedMb}), 0)::float8`,
        sms: sql<number>`coalesce(sum(${simCards.smsUsed}), 0)::int`,
        voiceMin: sql<number>`coalesce(sum(${simCards.voiceUsedMin}), 0)::int`,
      })
      .from(simCards)
      .where(mine(simCards.tenantId as never))
      .groupBy(sql`1`)
  ).map((u) => ({
    key: u.key ?? '',
    cards: num(u.cards),
    dataMb: Math.round(num(u.dataMb) * 100) / 100,
    sms: num(u.sms),
    voiceMin: num(u.voiceMin),
  }));

  // Usage by month: the cards' counts of each month of the span (sim_usage_months, kept when the month is over).
  const usageRows = await app.db
    .select({
      key: simUsageMonths.month,
      cards: sql<number>`count(*)::int`,
      dataMb: sql<number>`coalesce(sum(${simUsageMonths.dataMb}), 0)::float8`,
      sms: sql<number>`coalesce(sum(${simUsageMonths.sms}), 0)::int`,
      voiceMin: sql<number>`coalesce(sum(${simUsageMonths.voiceMin}), 0)::int`,
    })
    .from(simUsageMonths)
    .where(and(mine(simUsageMonths.tenantId as never), gte(simUsageMonths.month, from), lte(simUsageMonths.month, to)))
    .groupBy(simUsageMonths.month);
  const usageByMonth: UsageRow[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) {
    const u = usageRows.find((x) => x.key === m);
    usageByMonth.push({
      key: m,
      cards: num(u?.cards),
      dataMb: Math.round(num(u?.dataMb) * 100) / 100,
      sms: num(u?.sms),
      voiceMin: num(u?.voiceMin),
    });
  }

  const [counts] = await app.db
    .select({
      bills: sql<number>`count(*)::int`,
      unpaid: sql<number>`count(*) filter (where ${bills.status} = 0)::int`,
    })
    .from(bills)
    .where(and(mine(bills.tenantId), gte(bills.createdAt, start), lt(bills.createdAt, end)));
  const sum = <T extends object>(rows: T[], k: keyof T) => rows.reduce((s, r) => s + num(r[k]), 0);
  return {
    from,
    to,
    platform,
    totals: {
      bills: num(counts?.bills),
      unpaid: num(counts?.unpaid),
      paidFen: sum(byMonth, 'paidFen'),
      refundFen: sum(byMonth, 'refundFen'),
      revenueFen: sum(byMonth, 'revenueFen'),
      adFen: sum(byMonth, 'adFen'),
      adPlays: sum(adByMonth, 'plays'),
      cards: sum(usageByCarrier, 'cards'),
      dataMb: Math.round(sum(usageByCarrier, 'dataMb') * 100) / 100,
    },
    byMonth,
    byCarrier,
    byPackage,
    byTenant,
    usageByCarrier,
    usageByMonth,
  };
}
