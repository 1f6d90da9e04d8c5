import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import residentDef from './resource';

/** Access control: residents and binding review. */
const screens: EntityScreens = {
  bindingReview: {
    resource: residentDef,
    component: lazyScreen(() =>
      import('../../client/features/access/BindingReviewScreen').then((m) => m.BindingReviewScreen),
    ),
  },
};

export default screens;
