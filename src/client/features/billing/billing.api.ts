import { queryOptions } from '@tanstack/react-query';
import type { PayMethodName } from '../../../shared/payments';
import type { Job } from '../../../shared/jobs';
import { request } from '../../lib/request';
import type { Row } from '../resources/resources.queries';
import type { BillReport } from '../../../shared/bill-report';

export type { ReportRow } from '../../../shared/bill-report';

/** What `iot/bill/card` answers: the card named by ICCID, access number or device, with its package. */
export interface CardInfo {
  id: number;
  iccid: string;
  msisdn: string | null;
  imei: string | null;
  carrier: number;
  state: number;
  packageId: number | null;
  packageName: string | null;
  packagePrice: number | null;
  packageValidityDays: number | null;
  packageExpiresAt: string | null;
  dataUsedMb: number;
  packageDataMb: number | null;
}

export interface CardRef {
  iccid?: string;
  msisdn?: string;
  imei?: string;
}

interface BuyBody extends CardRef {
  packageId: number;
  method: PayMethodName;
  periods?: number;
  renew?: boolean;
}

interface BuyAnswer {
  bill: Row;
  payUrl: string | null;
  reused: boolean;
}

export interface BatchResult {
  number: string;
  bill?: Row;
  payUrl?: string | null;
  reused?: boolean;
  key?: string;
  msg?: string;
}

export const payMethodsQuery = () =>
  queryOptions({
    queryKey: ['bill', 'methods'],
    queryFn: () => request<PayMethodName[]>('iot', 'bill/methods', {}, { quiet: true }),
    staleTime: 60_000,
  });

export const cardInfo = (ref: CardRef) => request<CardInfo>('iot', 'bill/card', ref, { quiet: true });
export const buyPackage = (body: BuyBody) => request<BuyAnswer>('iot', 'bill/buy', body);
export const buyBatch = (body: { numbers: string[]; packageId: number; method: PayMethodName }) =>
  request<BatchResult[]>('iot', 'bill/buyBatch', body);
export const payBill = (id: number) => request<{ payUrl: string | null }>('iot', 'bill/pay', { id });
export const cancelBill = (id: number) => request<Row>('iot', 'bill/cancel', { id }, { showMessage: true });
export const refundBill = (id: number, reason?: string) =>
  request<Row>('iot', 'bill/refund', { id, reason }, { showMessage: true });
export const reportJob = (span: { from?: string; to?: string }) => request<Job>('iot', 'bill/reportJob', span);

export const reportQuery = (span: { from?: string; to?: string }) =>
  queryOptions({ queryKey: ['bill', 'report', span], queryFn: () => request<BillReport>('iot', 'bill/report', span) });

export const yuan = (value: unknown): string => `¥${Number(value ?? 0).toFixed(2)}`;
export const fenYuan = (fen: number): string => `¥${(fen / 100).toFixed(2)}`;
