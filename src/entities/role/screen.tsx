import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Roles: with their menu and button grants. */
const screens: EntityScreens = {
  roleList: { component: lazyScreen(() => import('../../client/features/org/RoleScreen').then((m) => m.RoleScreen)) },
};

export default screens;
