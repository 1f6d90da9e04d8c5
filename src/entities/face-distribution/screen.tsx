import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import faceDistributionDef from './resource';

/** A face library pushed to door units. */
const screens: EntityScreens = {
  distribute: {
    resource: faceDistributionDef,
    component: lazyScreen(() =>
      import('../../client/features/faces/FaceDistributeScreen').then((m) => m.FaceDistributeScreen),
    ),
  },
};

export default screens;
