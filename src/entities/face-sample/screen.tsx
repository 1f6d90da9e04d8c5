import { noPrefetch } from '../../client/features/screens/entries';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Faces: the gallery. */
const screens: EntityScreens = {
  getFaceList: {
    prefetch: noPrefetch,
    component: lazyScreen(() =>
      import('../../client/features/faces/FaceGalleryScreen').then((m) => m.FaceGalleryScreen),
    ),
  },
};

export default screens;
