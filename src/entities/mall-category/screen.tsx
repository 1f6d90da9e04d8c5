import type { EntityScreens } from '../../client/features/screens/types';
import mallCategoryDef from './resource';

/** /Category: the storefront's navigation categories (productCategory lists them all). */
const screens: EntityScreens = {
  Category: { resource: mallCategoryDef, preset: (search) => ({ ...search, filters: { nav: 1, ...search.filters } }) },
};

export default screens;
