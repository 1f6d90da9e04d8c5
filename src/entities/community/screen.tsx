import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import communityDef from './resource';

/** Communities: the community form and generator. */
const screens: EntityScreens = {
  communityManagement: {
    resource: communityDef,
    component: lazyScreen(() =>
      import('../../client/features/community/CommunityScreen').then((m) => m.CommunityScreen),
    ),
  },
};

export default screens;
