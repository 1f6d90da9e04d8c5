import { DeviceMarkersLayer, MapView } from '../../map';

/** The dashboard's map: the scenario's devices (all for the city), state-coloured and moved live. */
export default function DashboardMap({ kinds }: { kinds?: readonly string[] }) {
  return (
    <MapView controls={false}>
      <DeviceMarkersLayer fit kinds={kinds} />
    </MapView>
  );
}
