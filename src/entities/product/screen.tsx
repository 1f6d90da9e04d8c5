import { noPrefetch } from '../../client/features/screens/entries';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import mallProductDef from './resource';

/** The mall's catalogue: the product form with its SKU matrix, the product list. */
const screens: EntityScreens = {
  AddProduct: {
    resource: mallProductDef,
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../../client/features/mall/AddProductScreen').then((m) => m.AddProductScreen)),
  },
  productManage: {
    resource: mallProductDef,
    component: lazyScreen(() =>
      import('../../client/features/mall/ProductManageScreen').then((m) => m.ProductManageScreen),
    ),
  },
};

export default screens;
