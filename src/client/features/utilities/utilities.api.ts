import { queryOptions } from '@tanstack/react-query';
import { request } from '../../lib/request';

export interface LedgerRow {
  id: number;
  type: number;
  reading: number | null;
  delta: number | null;
  rate: number | null;
  amountFen: number;
  balanceFen: number;
  source: number;
  userName: string | null;
  note: string | null;
  at: string;
}
interface DailyRow {
  day: string;
  used: number;
  fen: number;
}
interface TopupRow {
  id: number;
  amountFen: number;
  method: string;
  orderNo: string | null;
  status: number;
  credited: boolean;
  paidAt: string | null;
  createdAt: string;
}
export interface TopupAnswer {
  topupId: number;
  orderNo: string;
  amountFen: number;
  payUrl: string | null;
  qrCode: string | null;
}

export const ledgerQuery = (accountId: number, page: number) =>
  queryOptions({
    queryKey: ['utilityAccount', 'ledger', accountId, page] as const,
    queryFn: () =>
      request<{ rows: LedgerRow[]; total: number }>('user', 'utilityAccount/ledger', { accountId, page, size: 10 }),
  });
export const dailyQuery = (accountId: number, days = 30) =>
  queryOptions({
    queryKey: ['utilityAccount', 'daily', accountId, days] as const,
    queryFn: () => request<{ rows: DailyRow[] }>('user', 'utilityAccount/daily', { accountId, days }),
  });
export const topupsQuery = (accountId: number) =>
  queryOptions({
    queryKey: ['utilityAccount', 'topups', accountId] as const,
    queryFn: () => request<{ rows: TopupRow[] }>('user', 'utilityAccount/topups', { accountId }),
  });
