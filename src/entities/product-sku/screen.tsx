import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import productSkuDef from './resource';

/** The SKUs of the mall's products. */
const screens: EntityScreens = {
  Commodity: {
    resource: productSkuDef,
    component: lazyScreen(() => import('../../client/features/mall/CommodityScreen').then((m) => m.CommodityScreen)),
  },
};

export default screens;
