import type { EntityScreens } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import unknownDeviceDef from './resource';

/** Device protocols (docs/protocols.md): identifiers nobody registered, registered or dismissed here by super administrators. */
const screens: EntityScreens = {
  unknownDevices: {
    resource: unknownDeviceDef,
    component: lazyScreen(() =>
      import('../../client/features/devices/UnknownDevicesScreen').then((m) => m.UnknownDevicesScreen),
    ),
  },
};

export default screens;
