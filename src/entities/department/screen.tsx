import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Departments: the tree beside its users. */
const screens: EntityScreens = {
  departmentManagement: {
    component: lazyScreen(() => import('../../client/features/org/DepartmentScreen').then((m) => m.DepartmentScreen)),
  },
};

export default screens;
