import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import billDef from './resource';

/** IoT card billing: the bills. */
const screens: EntityScreens = {
  Bill: {
    resource: billDef,
    component: lazyScreen(() => import('../../client/features/billing/BillScreens').then((m) => m.BillScreen)),
  },
  bilList: {
    resource: billDef,
    component: lazyScreen(() => import('../../client/features/billing/BillScreens').then((m) => m.BillListScreen)),
  },
};

export default screens;
