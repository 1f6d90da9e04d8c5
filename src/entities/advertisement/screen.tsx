import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import adDef from './resource';

/** Advertising: upload and playback, review, distribution to door units with plays. */
const screens: EntityScreens = {
  advertisementManagement: {
    resource: adDef,
    component: lazyScreen(() =>
      import('../../client/features/ads/AdManagementScreen').then((m) => m.AdManagementScreen),
    ),
  },
  advertisingReview: {
    resource: adDef,
    component: lazyScreen(() => import('../../client/features/ads/AdReviewScreen').then((m) => m.AdReviewScreen)),
  },
  advertisingdistribution: {
    resource: adDef,
    component: lazyScreen(() =>
      import('../../client/features/ads/AdDistributionScreen').then((m) => m.AdDistributionScreen),
    ),
  },
};

export default screens;
