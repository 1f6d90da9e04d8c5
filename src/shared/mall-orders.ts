// The shapes of a quote and an order placement, shared by the service (orders.ts) and the console's checkout.
import type { PayMethodName } from './payments';

export interface CartItem {
  skuId: number;
  qty: number;
}

export interface QuoteLine {
  skuId: number;
  productId: number;
  name: string;
  specs: Record<string, string>;
  image: string | null;
  priceFen: number;
  qty: number;
  stock: number;
}

export interface Quote {
  lines: QuoteLine[];
  goodsFen: number;
  freightFen: number;
  totalFen: number;
}

export interface PlaceInput {
  items: CartItem[];
  address: { name: string; phone: string; detail: string };
  regionCode: string;
  method: PayMethodName;
  remark?: string;
}
