import { Button, Popover } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { MAP_DEFAULTS } from '../../../shared/geo/map-config';
import { RegionSelector, type RegionValue } from '../../components/RegionSelector';
import { cityView } from '../cities';
import { useMapApi } from '../context';

/**
 * City selection over the bundled region data: a picked city is shown at zoom 10
 * (docs/requirements/realtime-map-and-tracks.md#map-component).
 */
export function CityPicker() {
  const api = useMapApi();
  const [value, setValue] = useState<RegionValue>({});
  const onChange = (next: RegionValue) => {
    setValue(next);
    if (next.province === value.province && next.city === value.city) return;
    const view = cityView(next.province, next.city, MAP_DEFAULTS.cityZoom);
    if (view) api?.setView(view.center, view.zoom);
  };
  return (
    <Popover position="bottom-start" shadow="md" withinPortal={false}>
      <Popover.Target>
        <Button size="xs" variant="default" leftSection={<IconBuildingCommunity size={14} />} data-testid="map-city">
          {value.city ?? value.province ?? <Trans>选择城市</Trans>}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <RegionSelector value={value} onChange={onChange} />
      </Popover.Dropdown>
    </Popover>
  );
}
