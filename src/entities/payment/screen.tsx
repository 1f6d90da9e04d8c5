import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import paymentDef from './resource';

/** Payments. */
const screens: EntityScreens = {
  paypal: {
    resource: paymentDef,
    component: lazyScreen(() => import('../../client/features/payments/PaymentScreen').then((m) => m.PaymentScreen)),
  },
};

export default screens;
