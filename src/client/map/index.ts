export { MapView } from './MapView';
export { useMapApi } from './context';
export { DeviceMarkersLayer } from './layers/DeviceMarkersLayer';
export type * from './types';
