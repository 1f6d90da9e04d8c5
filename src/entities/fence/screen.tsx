import { useNavigate } from '@tanstack/react-router';
import type { EntityScreens, RouteScreenProps } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';

/** Fences: the list opens a fence on the map. */
const screens: EntityScreens = {
  fenceList: {
    component: lazyScreen(() =>
      import('../../client/features/fences/FenceListScreen').then(
        ({ FenceListScreen }) =>
          function FenceList(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <FenceListScreen
                {...props}
                onOpen={(id) => void navigate({ to: '/map/fenceInfo', search: id === undefined ? {} : { id } })}
              />
            );
          },
      ),
    ),
  },
};

export default screens;
