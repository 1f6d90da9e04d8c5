import { noPrefetch } from '../../client/features/screens/entries';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import simPackageDef from './resource';

/** IoT cards: the package catalogue. */
const screens: EntityScreens = {
  packageList: {
    resource: simPackageDef,
    prefetch: noPrefetch,
    component: lazyScreen(() => import('../../client/features/sim/PackageListScreen').then((m) => m.PackageListScreen)),
  },
};

export default screens;
