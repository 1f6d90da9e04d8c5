import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import forwardTargetDef from './resource';

/** Forwarding to a broker (docs/integrations.md): the list with a connection test per row, for super administrators. */
const screens: EntityScreens = {
  forwardTargets: {
    resource: forwardTargetDef,
    component: lazyScreen(() =>
      import('../../client/features/integrations/ForwardTargetsScreen').then((m) => m.ForwardTargetsScreen),
    ),
  },
};

export default screens;
