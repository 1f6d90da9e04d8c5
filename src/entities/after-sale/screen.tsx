import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import afterSaleDef from './resource';

/** The mall's after-sales orders. */
const screens: EntityScreens = {
  AfterSalesOrders: {
    resource: afterSaleDef,
    component: lazyScreen(() =>
      import('../../client/features/mall-orders/AfterSalesScreen').then((m) => m.AfterSalesScreen),
    ),
  },
};

export default screens;
