import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Integration keys: the list, plus creating a key with its scopes, its secret shown once, rotation and revocation. */
const screens: EntityScreens = {
  integrationKeyList: {
    component: lazyScreen(() =>
      import('../../client/features/org/IntegrationKeyScreen').then((m) => m.IntegrationKeyScreen),
    ),
  },
};

export default screens;
