import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import escalationPolicyDef from './resource';

/** /alarmEscalation: the policies, each opening with its steps as a chain (the steps have no screen of their own). */
const screens: EntityScreens = {
  alarmEscalation: {
    resource: escalationPolicyDef,
    component: lazyScreen(() => import('../../client/features/escalation/PolicyScreen').then((m) => m.PolicyScreen)),
  },
};

export default screens;
