import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Tenants: with their enterprise applications. */
const screens: EntityScreens = {
  tenantList: {
    component: lazyScreen(() => import('../../client/features/org/TenantScreen').then((m) => m.TenantScreen)),
  },
};

export default screens;
