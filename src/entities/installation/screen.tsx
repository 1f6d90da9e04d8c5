import { noPrefetch } from '../../client/features/screens/entries';
import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Installations on a map. */
const screens: EntityScreens = {
  installationMap: {
    prefetch: noPrefetch,
    component: lazyScreen(() =>
      import('../../client/features/installations/InstallationMapScreen').then((m) => m.InstallationMapScreen),
    ),
  },
};

export default screens;
