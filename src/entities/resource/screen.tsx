import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Permissions: the menu and button tree. */
const screens: EntityScreens = {
  permissionManager: {
    component: lazyScreen(() => import('../../client/features/org/PermissionScreen').then((m) => m.PermissionScreen)),
  },
};

export default screens;
