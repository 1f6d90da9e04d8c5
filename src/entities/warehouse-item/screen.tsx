import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import warehouseItemDef from './resource';

/** Site operations: warehouse with movements. */
const screens: EntityScreens = {
  manageStorage: {
    resource: warehouseItemDef,
    component: lazyScreen(() => import('../../client/features/site-ops/StorageScreen').then((m) => m.StorageScreen)),
  },
};

export default screens;
