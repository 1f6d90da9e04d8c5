import { useNavigate } from '@tanstack/react-router';
import { BREAKER_ROUTES, type BreakerAction } from '../../client/features/breakers/breakerActions';
import { DEVICE_PRESETS, presetSearch, type DevicePresetName } from '../../client/features/devices/presets';
import type { EntityScreens, RouteScreenProps, ScreenEntry } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import deviceResource from './resource';

/** The device lists with a preset: one DeviceTable told its preset (devices/presets.ts). */
const deviceTable = (preset: DevicePresetName): ScreenEntry => ({
  resource: deviceResource,
  preset: (search) => presetSearch(DEVICE_PRESETS[preset], search),
  component: lazyScreen(() =>
    import('../../client/features/devices/DeviceTable').then(({ DeviceTable }) => (props: RouteScreenProps) => (
      <DeviceTable preset={preset} {...props} />
    )),
  ),
});

/** The breaker screens: one BreakerScreen told its route's action (breakers/breakerActions.ts). */
const breakerScreen = (action: BreakerAction): ScreenEntry => ({
  resource: deviceResource,
  preset: (search) => presetSearch(DEVICE_PRESETS.breaker, search),
  component: lazyScreen(() =>
    import('../../client/features/breakers/BreakerScreen').then(({ BreakerScreen }) => (props: RouteScreenProps) => (
      <BreakerScreen action={action} {...props} />
    )),
  ),
});

/** The device list and the screens that are device lists with a preset (allocation, activation, breakers, gateways). */
const screens: EntityScreens = {
  DeviceList: {
    resource: deviceResource,
    component: lazyScreen(() =>
      import('../../client/features/devices/DeviceScreen').then(
        ({ DeviceScreen }) =>
          function DeviceList(props: RouteScreenProps) {
            const navigate = useNavigate();
            return (
              <DeviceScreen
                {...props}
                onOpenDetail={(imei) => void navigate({ to: '/map/DeviceDtail', search: { imei } })}
              />
            );
          },
      ),
    ),
  },
  Allocate: {
    resource: deviceResource,
    preset: (search) => presetSearch(DEVICE_PRESETS.allocate, search),
    component: lazyScreen(() => import('../../client/features/devices/AllocateScreen').then((m) => m.AllocateScreen)),
  },
  deviceActive: deviceTable('activation'),
  devicelistcomponent: deviceTable('compact'),
  netSingle: deviceTable('signal'),
  gateay_4G: {
    resource: deviceResource,
    preset: (search) => presetSearch(DEVICE_PRESETS.gateway, search),
    component: lazyScreen(() => import('../../client/features/breakers/GatewayScreen').then((m) => m.GatewayScreen)),
  },
  ...Object.fromEntries(Object.entries(BREAKER_ROUTES).map(([route, action]) => [route, breakerScreen(action)])),
};

export default screens;
