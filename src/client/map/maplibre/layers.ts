import type { AddLayerObject } from 'maplibre-gl';
import { CLUSTER_STEPS } from '../markerStyle';
import { MAP_FONT } from './style';

const [c0, c1, c2] = CLUSTER_STEPS;

export type LayerKind = 'markers' | 'shapes' | 'line' | 'cursor';

/**
 * The MapLibre layers drawn for one MapApi layer of `kind`; their ids start with the source id.
 * `counts`: the style has the shipped glyphs, so a cluster shows how many devices it holds.
 */
export function layersFor(kind: LayerKind, source: string, cluster: boolean, counts = true): AddLayerObject[] {
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
                  // Size and colour grade the count, which is written inside.
                  'circle-color': ['step', ['get', 'point_count'], c0.color, c1.from, c1.color, c2.from, c2.color],
                  'circle-radius': ['step', ['get', 'point_count'], c0.radius, c1.from, c1.radius, c2.from, c2.radius],
                  'circle-stroke-color': '#ffffff',
                  'circle-stroke-width': 2,
                  'circle-opacity': 0.85,
                },
              },
              ...(counts
                ? ([
                    {
                      id: `${source}:count`,
                      type: 'symbol',
                      source,
                      filter: ['has', 'point_count'],
                      layout: {
                        'text-field': ['get', 'point_count_abbreviated'],
                        'text-font': [MAP_FONT],
                        'text-size': ['step', ['get', 'point_count'], 12, c2.from, 14],
                        'text-allow-overlap': true,
                        'text-ignore-placement': true,
                      },
                      paint: { 'text-color': '#1a1b1e' },
                    },
                  ] satisfies AddLayerObject[])
                : []),
            ] satisfies AddLayerObject[])
          : []),
        {
          id: `${source}:point`,
          type: 'circle',
          source,
          filter: ['!', ['has', 'point_count']],
          paint: {
            'circle-color': ['get', 'color'],
            'circle-radius': 7,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 2,
          },
        },
      ];
    case 'shapes':
      return [
        {
          id: `${source}:fill`,
          type: 'fill',
          source,
          paint: { 'fill-color': ['get', 'color'], 'fill-opacity': ['get', 'opacity'] },
        },
        { id: `${source}:outline`, type: 'line', source, paint: { 'line-color': ['get', 'color'], 'line-width': 2 } },
      ];
    case 'line':
      return [
        {
          id: `${source}:line`,
          type: 'line',
          source,
          layout: { 'line-join': 'round', 'line-cap': 'round' },
          paint: { 'line-color': ['get', 'color'], 'line-width': 4 },
        },
      ];
    case 'cursor':
      return [
        {
          id: `${source}:cursor`,
          type: 'circle',
          source,
          paint: {
            'circle-color': '#f03e3e',
            'circle-radius': 9,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 3,
          },
        },
      ];
  }
}
