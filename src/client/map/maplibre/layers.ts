import type { AddLayerObject } from 'maplibre-gl';

export type LayerKind = 'markers' | 'shapes' | 'line' | 'cursor';

/** The MapLibre layers drawn for one MapApi layer of `kind`; their ids start with the source id. */
export function layersFor(kind: LayerKind, source: string, cluster: boolean): AddLayerObject[] {
  switch (kind) {
    case 'markers':
      return [
        ...(cluster
          ? ([
              {
                id: `${source}:cluster`,
                type: 'circle',
                source,
                filter: ['has', 'point_count'],
                paint: {
                  // No glyphs offline, so the size and colour tell how many devices a cluster holds.
                  'circle-color': ['step', ['get', 'point_count'], '#4dabf7', 50, '#fab005', 500, '#f76707'],
                  'circle-radius': ['step', ['get', 'point_count'], 14, 50, 20, 500, 28],
                  'circle-stroke-color': '#ffffff',
                  'circle-stroke-width': 2,
                  'circle-opacity': 0.85,
                },
              },
            ] satisfies AddLayerObject[])
          : []),
        {
          id: `${source}:point`,
          type: 'circle',
          source,
          filter: ['!', ['has', 'point_count']],
          paint: { 'circle-color': ['get', 'color'], 'circle-radius': 7, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
        },
      ];
    case 'shapes':
      return [
        { id: `${source}:fill`, type: 'fill', source, paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] } },
        { id: `${source}:outline`, type: 'line', source, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } },
      ];
    case 'line':
      return [{ id: `${source}:line`, type: 'line', source, layout: { 'line-join': 'round', 'line-cap': 'round' }, paint: { 'line-color': ['get', 'color'], 'line-width': 4 } }];
    case 'cursor':
      return [
        {
          id: `${source}:cursor`,
          type: 'circle',
          source,
          paint: { 'circle-color': '#f03e3e', 'circle-radius': 9, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 3 },
        },
      ];
  }
}
