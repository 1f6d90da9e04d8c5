import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Users: with their roles and departments. */
const screens: EntityScreens = {
  userList: { component: lazyScreen(() => import('../../client/features/org/UserScreen').then((m) => m.UserScreen)) },
};

export default screens;
