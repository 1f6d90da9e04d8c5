import { Paper, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { DeviceMarkersLayer, MapView } from '../../map';
import { mapDevicesQuery } from '../../map/queries';
import classes from './LocationScreen.module.css';

interface LocationScreenProps {
  imei?: string;
  onImeiChange: (imei: string | undefined) => void;
}

/** /location: one device, live, the map following it; the device is picked from the located ones. */
export function LocationScreen({ imei, onImeiChange }: LocationScreenProps) {
  const { t } = useLingui();
  const { data: devices = [] } = useQuery(mapDevicesQuery);
  return (
    <MapView>
      <Paper className={classes.picker} shadow="sm" p={4}>
        <Select
          size="xs"
          w={260}
          searchable
          clearable
          placeholder={t`选择设备`}
          aria-label={t`选择设备`}
          value={imei ?? null}
          data={devices.map((d) => ({ value: d.imei, label: d.name ? `${d.name} (${d.imei})` : d.imei }))}
          onChange={(v) => onImeiChange(v ?? undefined)}
          limit={50}
          comboboxProps={{ withinPortal: false }}
          data-testid="location-device"
        />
      </Paper>
      {imei && <DeviceMarkersLayer only={imei} follow={imei} />}
    </MapView>
  );
}
