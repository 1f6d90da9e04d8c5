import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import approvalNodeDef from './resource';

/** Approvals: the inbox, approval nodes and every request on /audit. */
const screens: EntityScreens = {
  audit: {
    resource: approvalNodeDef,
    component: lazyScreen(() => import('../../client/features/approvals/AuditScreen').then((m) => m.AuditScreen)),
  },
};

export default screens;
