import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import leaveRequestDef from './resource';

/** Leave requests (/AuditNotice). */
const screens: EntityScreens = {
  AuditNotice: {
    resource: leaveRequestDef,
    component: lazyScreen(() => import('../../client/features/approvals/LeaveScreen').then((m) => m.LeaveScreen)),
  },
};

export default screens;
