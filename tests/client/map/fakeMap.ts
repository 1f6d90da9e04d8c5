import type { LonLat } from '../../../src/shared/geo/fence';

type Listener = (e: unknown) => void;

/** Stand-in for maplibre-gl's Map: records sources, layers and camera calls; events are fired by hand. */
export class FakeMap {
  static last: FakeMap | null = null;
  readonly options: Record<string, unknown>;
  sources = new Map<
    string,
    {
      spec: Record<string, unknown>;
      data: unknown;
      setData: (d: unknown) => Promise<void>;
      getClusterExpansionZoom: (id: number) => Promise<number>;
    }
  >();
  layers: { id: string; source?: string; type: string }[] = [];
  handlers: { type: string; layer?: string; fn: Listener }[] = [];
  calls: { name: string; args: unknown[] }[] = [];
  rendered: unknown[] = [];
  zoom: number;
  center: LonLat;
  removed = false;
  canvas = { style: { cursor: '' }, getContext: () => null };

  constructor(options: Record<string, unknown>) {
    this.options = options;
    this.zoom = options.zoom as number;
    this.center = options.center as LonLat;
    FakeMap.last = this;
  }
  on(type: string, a: string | Listener, b?: Listener) {
    this.handlers.push(typeof a === 'string' ? { type, layer: a, fn: b! } : { type, fn: a });
    return this;
  }
  fire(type: string, e: unknown = {}) {
    for (const h of this.handlers.filter((x) => x.type === type && !x.layer)) h.fn(e);
  }
  getSource(id: string) {
    return this.sources.get(id);
  }
  addSource(id: string, spec: Record<string, unknown>) {
    const entry = {
      spec,
      data: spec.data,
      setData: async (d: unknown) => void (entry.data = d),
      getClusterExpansionZoom: async () => 14,
    };
    this.sources.set(id, entry);
  }
  removeSource(id: string) {
    this.sources.delete(id);
  }
  getLayer(id: string) {
    return this.layers.find((l) => l.id === id);
  }
  addLayer(layer: { id: string; source?: string; type: string }) {
    this.layers.push(layer);
  }
  removeLayer(id: string) {
    this.layers = this.layers.filter((l) => l.id !== id);
  }
  getStyle() {
    return { layers: this.layers };
  }
  queryRenderedFeatures() {
    return this.rendered;
  }
  getCanvas() {
    return this.canvas;
  }
  getZoom() {
    return this.zoom;
  }
  getCenter() {
    return { toArray: () => this.center };
  }
  flyTo(...args: unknown[]) {
    this.calls.push({ name: 'flyTo', args });
  }
  easeTo(...args: unknown[]) {
    this.calls.push({ name: 'easeTo', args });
  }
  fitBounds(...args: unknown[]) {
    this.calls.push({ name: 'fitBounds', args });
  }
  resize() {}
  remove() {
    this.removed = true;
  }
}
