import { useState } from 'react';
import { MapView } from '../../map/MapView';
import { DeviceMarkersLayer } from '../../map/layers/DeviceMarkersLayer';
import type { MapApi } from '../../map/types';
import { FenceMapPanel } from './FenceMapPanel';
import { FencesLayer } from './FenceMapLayers';
import { MapApiBridge } from './MapApiBridge';
import { fenceDrawn, framePoints } from './fenceShapes';
import classes from './FenceScreens.module.css';

/** /fenceMap: every enabled fence of the tenant with the devices' live markers; a fence's devices inside on click. */
export function FenceMapScreen() {
  const [api, setApi] = useState<MapApi | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className={classes.root} data-testid="fence-map">
      <aside className={classes.panel}>
        <FenceMapPanel
          selected={selected}
          onSelect={(fence) => {
            setSelected(fence.id);
            const shape = fenceDrawn(fence);
            if (shape) api?.fitBounds(framePoints(shape), 60);
          }}
        />
      </aside>
      <div className={classes.map}>
        <MapView>
          <MapApiBridge onApi={setApi} />
          <FencesLayer onSelect={setSelected} />
          <DeviceMarkersLayer layer="fence-devices" popup={false} />
        </MapView>
      </div>
    </div>
  );
}
