/**
 * Payments, the domain service behind bills, mall orders, utility top-ups and the payment list
 * (docs/payments.md): this file is its public surface; nothing outside src/server/payments imports
 * its other modules (ESLint says so). Entities hold a PaymentService (app.payments) and are told
 * of a paid or refunded order through the fulfilment handler they register.
 */
export { Payments, toPayment } from './service';
export type { Payment, PaymentService } from './types';
export { realProviders } from './providers';
export { SandboxProvider, SANDBOX_PAGE_SCRIPT, SANDBOX_SIGNATURE_HEADER, type Deliver } from './providers/sandbox';
