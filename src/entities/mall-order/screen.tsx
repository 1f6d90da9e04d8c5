import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import mallOrderDef from './resource';

/** The mall's orders. */
const screens: EntityScreens = {
  orderManagement: {
    resource: mallOrderDef,
    component: lazyScreen(() =>
      import('../../client/features/mall-orders/OrderManagementScreen').then((m) => m.OrderManagementScreen),
    ),
  },
};

export default screens;
