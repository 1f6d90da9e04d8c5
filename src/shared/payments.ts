import { stateMachine } from './state-machine';

/**
 * Payments shared by the console and the service (docs/payments.md). Amounts travel as integer fen
 * (1 yuan = 100 fen) so sums never round; screens show yuan with two decimals.
 */

/** How a payment is made: the local sandbox (default, no keys), WeChat Pay v3, Alipay, PayPal. */
export const PAY_METHOD = { sandbox: 0, wechat: 1, alipay: 2, paypal: 3 } as const;
export type PayMethodName = keyof typeof PAY_METHOD;
export const PAY_METHOD_NAMES = Object.keys(PAY_METHOD) as PayMethodName[];

/**
 * A payment's state (pay status of docs/requirements/states-and-codes.md#products-and-payments:
 * -1 failed, 0 unpaid, 1 success, 2 closed, 3 paying, 4 refunding; 5 refunded is ours: the word
 * "refund" of docs/requirements/states-and-codes.md#status-words once the money is back).
 */
export const PAY_STATUS = {
  failed: -1,
  unpaid: 0,
  success: 1,
  closed: 2,
  paying: 3,
  refunding: 4,
  refunded: 5,
} as const;
export type PayStatus = (typeof PAY_STATUS)[keyof typeof PAY_STATUS];

/** Which payment states may follow which; anything else is 'noSuchTransition'. */
export const PAY_MACHINE = stateMachine<number>('payment', {
  [PAY_STATUS.unpaid]: [PAY_STATUS.paying, PAY_STATUS.success, PAY_STATUS.closed, PAY_STATUS.failed],
  [PAY_STATUS.paying]: [PAY_STATUS.success, PAY_STATUS.closed, PAY_STATUS.failed],
  [PAY_STATUS.failed]: [],
  [PAY_STATUS.closed]: [],
  [PAY_STATUS.success]: [PAY_STATUS.refunding, PAY_STATUS.refunded],
  [PAY_STATUS.refunding]: [PAY_STATUS.refunded, PAY_STATUS.success],
  [PAY_STATUS.refunded]: [],
});

/**
 * A business order's state (bills, mall orders, top-ups): "unpaid, paid, cancelled" of
 * docs/requirements/states-and-codes.md#status-words.
 */
export const ORDER_STATUS = { unpaid: 0, paid: 1, cancelled: 2 } as const;

/** What a payment pays for: a module's kind and its own reference (bill number, mall order id ...). */
export interface PaymentPurpose {
  /** 'simPackage' | 'dataTopup' | 'utility' | 'mallOrder' ... one per module that sells something. */
  kind: string;
  ref: string;
}

export const fenToYuan = (fen: number): string => (fen / 100).toFixed(2);
export const yuanToFen = (yuan: number): number => Math.round(yuan * 100);
