import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import freightTemplateDef from './resource';

/** The mall's freight templates. */
const screens: EntityScreens = {
  FreightTemplate: {
    resource: freightTemplateDef,
    component: lazyScreen(() =>
      import('../../client/features/mall-orders/FreightTemplateScreen').then((m) => m.FreightTemplateScreen),
    ),
  },
};

export default screens;
