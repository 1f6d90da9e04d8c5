import { queryOptions } from '@tanstack/react-query';
import type { PayMethodName } from '../../../shared/payments';
import { request } from '../../lib/request';

export type { CartItem, QuoteLine } from '../../../shared/mall-orders';
import type { CartItem, PlaceInput as PlaceBody, Quote } from '../../../shared/mall-orders';

interface Placed {
  id: number;
  orderNo: string;
  totalFen: number;
  payUrl?: string;
  qrCode?: string;
}

export const mallMethodsQuery = () =>
  queryOptions({
    queryKey: ['mall', 'methods'],
    queryFn: async () =>
      (await request<{ methods: PayMethodName[] }>('mall', 'order/methods', {}, { quiet: true })).methods,
    staleTime: 60_000,
  });

export const quoteQuery = (items: CartItem[], regionCode: string) =>
  queryOptions({
    queryKey: ['mall', 'quote', items, regionCode],
    queryFn: () =>
      request<Quote>(
        'mall',
        'order/quote',
        { items, ...(regionCode ? { regionCode } : {}) },
        { quiet: true, background: true },
      ),
    enabled: items.length > 0,
  });

export const placeOrder = (body: PlaceBody) => request<Placed>('mall', 'order/place', body);

export const fenYuan = (fen: number | null | undefined): string => `¥${((fen ?? 0) / 100).toFixed(2)}`;

/** '省/市/区' of a region selector value (empty levels left out). */
export const regionPath = (v: { province?: string; city?: string; district?: string }): string =>
  [v.province, v.city, v.district].filter(Boolean).join('/');
