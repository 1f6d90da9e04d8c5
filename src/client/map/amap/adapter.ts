import { gcj02ToWgs84, wgs84ToGcj02 } from '../../../shared/geo/coords';
import type { LonLat } from '../../../shared/geo/fence';
import { FENCE_DEFAULTS } from '../../../shared/geo/fence';
import { clusterStep, stateColor } from '../markerStyle';
import type { DrawnShape, MapApi, MarkerPoint, ProviderFactory } from '../types';
import { loadAmap, type AMapNS } from './sdk';

/* eslint-disable @typescript-eslint/no-explicit-any -- the SDK is untyped */

// AMap draws in GCJ-02: every coordinate crosses this edge converted, both ways.
const toG = (p: LonLat): LonLat => wgs84ToGcj02(p);
const toW = (lnglat: any): LonLat => gcj02ToWgs84([lnglat.getLng(), lnglat.getLat()]);

const dot = (color: string) =>
  `<div style="width:14px;height:14px;border-radius:50%;background:${color};border:2px solid #fff;box-shadow:0 0 2px #0006"></div>`;

/** AMap (JS API 2.0) behind the MapApi. Untested here: no network and no key on this machine. */
export const createAmap: ProviderFactory = async (container, config, view) => {
  const AMap: AMapNS = await loadAmap(config);
  const map = new AMap.Map(container, { center: toG(view.center), zoom: view.zoom, viewMode: '2D' });
  const overlays = new Map<string, any[]>();
  const clusters = new Map<string, any>();
  let markerHandler: ((id: string, at: LonLat) => void) | null = null;
  let clickHandler: ((at: LonLat) => void) | null = null;
  let tool: { mouseTool: any; finish: (s: DrawnShape | null) => void } | null = null;

  const clear = (layer: string) => {
    clusters.get(layer)?.setMap(null);
    clusters.delete(layer);
    const list = overlays.get(layer);
    if (list?.length) map.remove(list);
    overlays.delete(layer);
  };
  const put = (layer: string, list: any[]) => {
    clear(layer);
    overlays.set(layer, list);
    if (list.length) map.add(list);
  };

  const markerCluster = (layer: string, points: readonly MarkerPoint[]) => {
    const data = points.map((p) => ({ lnglat: toG(p.lonLat), id: p.id, state: p.state }));
    const wgs = new Map(points.map((p) => [p.id, p.lonLat]));
    const cluster = new AMap.MarkerCluster(map, data, {
      gridSize: 60,
      // The count inside a circle graded like MapLibre's clusters.
      renderClusterMarker: (ctx: any) => {
        const { color, radius } = clusterStep(ctx.count);
        ctx.marker.setContent(
          `<div style="width:${radius * 2}px;height:${radius * 2}px;line-height:${radius * 2}px;border-radius:50%;background:${color};opacity:.9;border:2px solid #fff;text-align:center;font:600 12px sans-serif;color:#1a1b1e">${Number(ctx.count)}</div>`,
        );
        ctx.marker.setOffset(new AMap.Pixel(-radius - 2, -radius - 2));
      },
      renderMarker: (ctx: any) => {
        ctx.marker.setContent(dot(stateColor(ctx.data[0].state)));
        ctx.marker.setOffset(new AMap.Pixel(-9, -9));
      },
    });
    cluster.on('click', (e: any) => {
      const items = e.clusterData ?? [];
      const only = items.length === 1 ? wgs.get(items[0].id) : undefined;
      if (only) markerHandler?.(items[0].id, only);
      else map.setZoomAndCenter(Math.min(map.getZoom() + 2, 20), e.lnglat);
    });
    clear(layer);
    clusters.set(layer, cluster);
  };

  map.on('click', (e: any) => {
    if (!tool) clickHandler?.(toW(e.lnglat));
  });

  const api: MapApi = {
    provider: 'amap',
    setView: (center, zoom) => map.setZoomAndCenter(zoom ?? map.getZoom(), toG(center)),
    fitBounds(points, padding = 48) {
      if (!points.length) return;
      const g = points.map(toG);
      const sw = [Math.min(...g.map((p) => p[0])), Math.min(...g.map((p) => p[1]))];
      const ne = [Math.max(...g.map((p) => p[0])), Math.max(...g.map((p) => p[1]))];
      map.setBounds(new AMap.Bounds(sw, ne), false, [padding, padding, padding, padding]);
    },
    setMarkers(layer, points, opts) {
      if (opts?.cluster ?? points.length > 200) return markerCluster(layer, points);
      put(
        layer,
        points.map((p) => {
          const m = new AMap.Marker({
            position: toG(p.lonLat),
            content: dot(stateColor(p.state)),
            offset: new AMap.Pixel(-9, -9),
            title: p.label,
          });
          m.on('click', () => markerHandler?.(p.id, p.lonLat));
          return m;
        }),
      );
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
          };
          return s.kind === 'circle'
            ? new AMap.Circle({ center: toG(s.center), radius: s.radiusM, ...style })
            : new AMap.Polygon({ path: s.ring.map(toG), ...style });
        }),
      );
    },
    setLine: (layer, line) =>
      put(
        layer,
        line && line.points.length > 1
          ? [new AMap.Polyline({ path: line.points.map(toG), strokeColor: line.color, strokeWeight: 4 })]
          : [],
      ),
    setCursor: (layer, at) =>
      put(
        layer,
        at ? [new AMap.Marker({ position: toG(at), content: dot('#f03e3e'), offset: new AMap.Pixel(-9, -9) })] : [],
      ),
    clear,
    onMarkerClick: (h) => void (markerHandler = h),
    onClick: (h) => void (clickHandler = h),
    draw(kind, initial) {
      api.cancelDraw();
      return new Promise((resolve) => {
        // MouseTool draws new shapes; an existing shape is shown and redrawn rather than edited.
        const mouseTool = new AMap.MouseTool(map);
        const color = kind === 'circle' ? FENCE_DEFAULTS.circleColor : FENCE_DEFAULTS.polygonColor;
        const finish = (shape: DrawnShape | null) => {
          mouseTool.close(true);
          tool = null;
          resolve(shape);
        };
        tool = { mouseTool, finish };
        if (initial)
          api.setShapes('__draw-initial', [
            initial.kind === 'circle'
              ? { id: 'i', kind: 'circle', center: initial.center, radiusM: initial.radiusM, style: { color } }
              : { id: 'i', kind: 'polygon', ring: initial.ring, style: { color } },
          ]);
        mouseTool.on('draw', (e: any) => {
          api.clear('__draw-initial');
          const obj = e.obj;
          if (kind === 'circle')
            finish({ kind: 'circle', center: toW(obj.getCenter()), radiusM: Math.round(obj.getRadius()) });
          else finish({ kind: 'polygon', ring: obj.getPath().map(toW) });
        });
        const style = { strokeColor: color, fillColor: color, fillOpacity: 0.2 };
        if (kind === 'circle') mouseTool.circle(style);
        else mouseTool.polygon(style);
      });
    },
    cancelDraw() {
      api.clear('__draw-initial');
      tool?.finish(null);
    },
  };

  return {
    api,
    getView: () => ({ center: toW(map.getCenter()), zoom: map.getZoom() }),
    resize: () => map.resize?.(),
    destroy: () => map.destroy(),
  };
};
/* eslint-enable @typescript-eslint/no-explicit-any */
