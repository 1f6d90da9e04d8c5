import type { EntityScreens, RouteScreenProps } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import utilityDef from './resource';

/** Prepaid electricity and water of the community's rooms: one screen told its kind, the list fixed to it. */
const screens: EntityScreens = {
  elecCard: {
    resource: utilityDef,
    preset: (search) => ({ ...search, filters: { ...search.filters, kind: 1 } }),
    component: lazyScreen(() =>
      import('../../client/features/utilities/UtilityScreen').then(({ UtilityScreen }) => (props: RouteScreenProps) => (
        <UtilityScreen kind={1} {...props} />
      )),
    ),
  },
  waterCard: {
    resource: utilityDef,
    preset: (search) => ({ ...search, filters: { ...search.filters, kind: 2 } }),
    component: lazyScreen(() =>
      import('../../client/features/utilities/UtilityScreen').then(({ UtilityScreen }) => (props: RouteScreenProps) => (
        <UtilityScreen kind={2} {...props} />
      )),
    ),
  },
};

export default screens;
