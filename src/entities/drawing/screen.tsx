import type { ResourceSearch } from '../../client/features/resources/search';
import type { EntityScreens, RouteScreenProps } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import drawingResource from './resource';

const uwbOnly = (search: ResourceSearch): ResourceSearch => ({
  ...search,
  filters: { ...search.filters, kind: 'uwb' },
});

/** Drawings: the library, and the UWB drawings of the indoor maps. */
const screens: EntityScreens = {
  drawingList: {
    component: lazyScreen(() =>
      import('../../client/features/indoor/DrawingLibraryScreen').then((m) => m.DrawingLibraryScreen),
    ),
  },
  uwbDrawingList: {
    resource: drawingResource,
    preset: uwbOnly,
    component: lazyScreen(() =>
      import('../../client/features/indoor/DrawingLibraryScreen').then(
        ({ DrawingLibraryScreen }) =>
          (props: RouteScreenProps) => <DrawingLibraryScreen uwbOnly {...props} />,
      ),
    ),
  },
};

export default screens;
