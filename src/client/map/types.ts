/**
 * The provider-neutral map API the screens use (docs/requirements/realtime-map-and-tracks.md#map-component: one
 * component, providers switchable). MapLibre implements all of it offline; AMap and Google implement it when
 * their keys are configured. Coordinates here are always WGS-84 [lon, lat]: a provider that works
 * in GCJ-02 (AMap) converts at its own edge, in both directions (clicks and drawn shapes too).
 */
import type { LonLat } from '../../shared/geo/fence';
import type { MapConfig } from '../../shared/geo/map-config';

export type MapProviderName = 'maplibre' | 'amap' | 'google';

/** A device marker; `state` is the device state code (1 online, 0 offline, 2 not activated, else abnormal). */
export interface MarkerPoint {
  id: string;
  lonLat: LonLat;
  state: number;
  label?: string;
}

interface ShapeStyle {
  color: string;
  fillOpacity?: number;
}

/** Fences and other outlines drawn on the map. */
export type MapShape =
  | { id: string; kind: 'circle'; center: LonLat; radiusM: number; style: ShapeStyle; label?: string }
  | { id: string; kind: 'polygon'; ring: LonLat[]; style: ShapeStyle; label?: string };

export interface TrackLine {
  id: string;
  points: LonLat[];
  color: string;
}

/** A shape the user drew or edited (drawing tools of the fence editor). */
export type DrawnShape = { kind: 'circle'; center: LonLat; radiusM: number } | { kind: 'polygon'; ring: LonLat[] };

/**
 * What a screen can do with the one map instance. Layers set through it are keyed by `layer`
 * so several features can share the map without knowing of each other; setting a layer replaces
 * its content, `clear` removes it.
 */
export interface MapApi {
  readonly provider: MapProviderName;
  setView(center: LonLat, zoom?: number): void;
  fitBounds(points: readonly LonLat[], padding?: number): void;
  /** Device markers, clustered when there are many; clicks reach `onMarkerClick`. */
  setMarkers(layer: string, points: readonly MarkerPoint[], opts?: { cluster?: boolean }): void;
  setShapes(layer: string, shapes: readonly MapShape[]): void;
  setLine(layer: string, line: TrackLine | null): void;
  /** One moving marker (track playback head). */
  setCursor(layer: string, at: LonLat | null, label?: string): void;
  clear(layer: string): void;
  onMarkerClick(handler: ((id: string, at: LonLat) => void) | null): void;
  onClick(handler: ((at: LonLat) => void) | null): void;
  /** Starts drawing a shape; resolves with it, or null when cancelled. */
  draw(kind: 'circle' | 'polygon', initial?: DrawnShape): Promise<DrawnShape | null>;
  cancelDraw(): void;
}

export interface ViewState {
  center: LonLat;
  zoom: number;
}

/** One provider's live map inside a container: the MapApi plus what MapView needs to swap providers. */
export interface ProviderHandle {
  api: MapApi;
  getView(): ViewState;
  resize(): void;
  destroy(): void;
}

export type ProviderFactory = (container: HTMLElement, config: MapConfig, view: ViewState) => Promise<ProviderHandle>;
