import { noPrefetch } from '../../client/features/screens/entries';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** The business-district storefront. */
const screens: EntityScreens = {
  shangquanshangcheng: {
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../../client/features/mall/StoreScreen').then((m) => m.StoreScreen)),
  },
};

export default screens;
