import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import faceReviewDef from './resource';

/** Residents' faces under review. */
const screens: EntityScreens = {
  faceVerification: {
    resource: faceReviewDef,
    component: lazyScreen(() => import('../../client/features/faces/FaceReviewScreen').then((m) => m.FaceReviewScreen)),
  },
};

export default screens;
