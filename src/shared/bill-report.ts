// The report's shape, shared by the service (report.ts) and the console's /Report screen.

/** One group of the report: bills, money in fen (paid, refunded, net revenue). */
export interface ReportRow {
  key: string;
  label?: string;
  bills: number;
  paidFen: number;
  refundFen: number;
  revenueFen: number;
}

export interface UsageRow {
  key: string;
  cards: number;
  dataMb: number;
  sms: number;
  voiceMin: number;
}

export interface BillReport {
  from: string;
  to: string;
  totals: {
    bills: number;
    unpaid: number;
    paidFen: number;
    refundFen: number;
    revenueFen: number;
    adFen: number;
    adPlays: number;
    cards: number;
    dataMb: number;
  };
  byMonth: (ReportRow & { adFen: number })[];
  byCarrier: ReportRow[];
  byPackage: ReportRow[];
  /** Platform administrators only. */
  byTenant?: ReportRow[];
  /** This month's usage (the cards' counters) by carrier. */
  usageByCarrier: UsageRow[];
  /** Usage by month of the span (key YYYY-MM; cards = cards counted that month). */
  usageByMonth: UsageRow[];
  /** The platform's grouping is shown (super administrators). */
  platform: boolean;
}
