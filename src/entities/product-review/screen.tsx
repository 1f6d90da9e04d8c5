import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import productReviewDef from './resource';

/** Product reviews. */
const screens: EntityScreens = {
  ProductReviews: {
    resource: productReviewDef,
    component: lazyScreen(() => import('../../client/features/mall/ReviewScreen').then((m) => m.ReviewScreen)),
  },
};

export default screens;
