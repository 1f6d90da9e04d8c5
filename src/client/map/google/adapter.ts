/// <reference types="google.maps" />
import type { LonLat } from '../../../shared/geo/fence';
import { FENCE_DEFAULTS } from '../../../shared/geo/fence';
import { stateColor } from '../markerStyle';
import type { MapApi, ProviderFactory } from '../types';
import { googleLibrary } from './sdk';

const ll = (p: LonLat): google.maps.LatLngLiteral => ({ lat: p[1], lng: p[0] });
const back = (p: google.maps.LatLng): LonLat => [p.lng(), p.lat()];

/**
 * Google Maps behind the MapApi, in WGS-84 as stored (Google's China tiles are GCJ-02 offset;
 * that is Google's rendering, not converted here). Markers go through the Data layer with a
 * circle symbol: thousands stay drawable without the separate clusterer package. Drawing
 * is not offered on this provider (draw resolves null): fences are drawn on MapLibre or AMap.
 * Untested here: no network and no key on this machine.
 */
export const createGoogle: ProviderFactory = async (container, config, view) => {
  const { Map: GMap, Circle, Polygon, Polyline, Data } = await googleLibrary(config, 'maps');
  const map = new GMap(container, {
    center: ll(view.center),
    zoom: view.zoom,
    disableDefaultUI: true,
    zoomControl: true,
    clickableIcons: false,
  });
  const data = new Map<string, google.maps.Data>();
  const overlays = new Map<string, (google.maps.Circle | google.maps.Polygon | google.maps.Polyline)[]>();
  let markerHandler: ((id: string, at: LonLat) => void) | null = null;
  let clickHandler: ((at: LonLat) => void) | null = null;

  const clear = (layer: string) => {
    data.get(layer)?.setMap(null);
    data.delete(layer);
    for (const o of overlays.get(layer) ?? []) o.setMap(null);
    overlays.delete(layer);
  };
  const put = (layer: string, list: (google.maps.Circle | google.maps.Polygon | google.maps.Polyline)[]) => {
    clear(layer);
    overlays.set(layer, list);
  };
  map.addListener('click', (e: google.maps.MapMouseEvent) => e.latLng && clickHandler?.(back(e.latLng)));

  const api: MapApi = {
    provider: 'google',
    setView(center, zoom) {
      map.panTo(ll(center));
      if (zoom !== undefined) map.setZoom(zoom);
    },
    fitBounds(points, padding = 48) {
      if (!points.length) return;
      const bounds = new google.maps.LatLngBounds();
      for (const p of points) bounds.extend(ll(p));
      map.fitBounds(bounds, padding);
    },
    setMarkers(layer, points) {
      clear(layer);
      const d = new Data({ map });
      d.addGeoJson({
        type: 'FeatureCollection',
        features: points.map((p) => ({
          type: 'Feature',
          id: p.id,
          geometry: { type: 'Point', coordinates: p.lonLat },
          properties: { state: p.state, label: p.label ?? '' },
        })),
      });
      d.setStyle((f) => ({
        title: String(f.getProperty('label') ?? ''),
        icon: {
          path: google.maps.SymbolPath.CIRCLE,
          scale: 7,
          fillColor: stateColor(Number(f.getProperty('state'))),
          fillOpacity: 1,
          strokeColor: '#fff',
          strokeWeight: 2,
        },
      }));
      d.addListener('click', (e: google.maps.Data.MouseEvent) => {
        const g = e.feature.getGeometry();
        if (g instanceof google.maps.Data.Point) markerHandler?.(String(e.feature.getId()), back(g.get()));
      });
      data.set(layer, d);
    },
    setShapes(layer, shapes) {
      put(
        layer,
        shapes.map((s) => {
          const style = {
            strokeColor: s.style.color,
            fillColor: s.style.color,
            fillOpacity: s.style.fillOpacity ?? 0.2,
            strokeWeight: 2,
            map,
          };
          return s.kind === 'circle'
            ? new Circle({ center: ll(s.center), radius: s.radiusM, ...style })
            : new Polygon({ paths: s.ring.map(ll), ...style });
        }),
      );
    },
    setLine: (layer, line) =>
      put(
        layer,
        line && line.points.length > 1
          ? [new Polyline({ path: line.points.map(ll), strokeColor: line.color, strokeWeight: 4, map })]
          : [],
      ),
    setCursor: (layer, at) =>
      put(
        layer,
        at
          ? [
              new Circle({
                center: ll(at),
                radius: 6,
                strokeColor: '#fff',
                fillColor: FENCE_DEFAULTS.circleColor,
                fillOpacity: 1,
                map,
              }),
            ]
          : [],
      ),
    clear,
    onMarkerClick: (h) => void (markerHandler = h),
    onClick: (h) => void (clickHandler = h),
    draw: () => Promise.resolve(null),
    cancelDraw: () => undefined,
  };

  return {
    api,
    getView: () => ({
      center: back(map.getCenter() ?? new google.maps.LatLng(view.center[1], view.center[0])),
      zoom: map.getZoom() ?? view.zoom,
    }),
    resize: () => undefined,
    destroy: () => {
      for (const layer of [...data.keys(), ...overlays.keys()]) clear(layer);
      google.maps.event.clearInstanceListeners(map);
      container.replaceChildren();
    },
  };
};
