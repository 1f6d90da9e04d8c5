import { DeviceMarkersLayer, MapView } from '../../map';

/** /locations and the map home: every device of the tenant, moving live. */
export function LocationsScreen() {
  return (
    <MapView>
      <DeviceMarkersLayer fit />
    </MapView>
  );
}
