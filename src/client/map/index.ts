export { MapView, type MapViewProps } from './MapView';
export { useMapApi } from './context';
export { DeviceMarkersLayer, type DeviceMarkersLayerProps } from './layers/DeviceMarkersLayer';
export type * from './types';
