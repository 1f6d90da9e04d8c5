import { queryOptions } from '@tanstack/react-query';
import type { ListResult } from '../../../shared/resources/list';
import drawingResource from '../../../entities/drawing/resource';
import indoorMapResource from '../../../entities/indoor-map/resource';
import uwbBaseStationResource from '../../../entities/uwb-base-station/resource';
import type { UwbTag } from '../../../shared/indoor';
import { request } from '../../lib/request';
import { resourceKeys, type Row } from '../resources/resources.queries';

/** What the floor view shows: an indoor map, or a drawing over its map's real size. */
export interface Plan {
  /** 'map:<id>' or 'drawing:<id>' (the ?plan= search value). */
  key: string;
  title: string;
  picture: string | null;
  width: number;
  height: number;
  floor: string | null;
  mapId: number;
  drawingId: number | null;
  uwb: boolean;
}

export interface Station {
  id: number;
  name: string;
  code: string | null;
  x: number;
  y: number;
  z: number;
  status: number;
  floor: string | null;
  drawingId: number | null;
  indoorMapId: number | null;
}

const ALL = { page: 1, size: 500 };
const list = (name: string, body: object = ALL) =>
  request<ListResult<Row>>('device', `${name}/list`, body, { background: true });

/** Every map and every drawing that has a map: the choices of the floor screens. */
export function plansQuery() {
  // Keyed under the drawing resource, so a drawing change refreshes the picker.
  return queryOptions({
    queryKey: [drawingResource.name, 'plans'] as const,
    queryFn: async (): Promise<Plan[]> => {
      const [maps, drawings] = await Promise.all([list(indoorMapResource.name), list(drawingResource.name)]);
      const byId = new Map(maps.rows.map((m) => [m.id, m]));
      const fromDrawings = drawings.rows.flatMap((d): Plan[] => {
        const map = byId.get(d.indoorMapId as number);
        if (!map) return [];
        const title = [d.project, d.building, d.unit, d.floor].filter(Boolean).join(' / ');
        return [
          {
            key: `drawing:${d.id}`,
            title,
            picture: (d.picture as string | null) ?? (map.picture as string | null),
            width: map.width as number,
            height: map.height as number,
            floor: (d.floor as string | null) ?? (map.floor as string | null),
            mapId: map.id,
            drawingId: d.id,
            uwb: d.kind === 'uwb',
          },
        ];
      });
      const fromMaps = maps.rows.map((m): Plan => ({
        key: `map:${m.id}`,
        title: String(m.title),
        picture: m.picture as string | null,
        width: m.width as number,
        height: m.height as number,
        floor: m.floor as string | null,
        mapId: m.id,
        drawingId: null,
        uwb: false,
      }));
      // UWB drawings first: they are what the live screens open by default.
      return [...fromDrawings.filter((p) => p.uwb), ...fromMaps, ...fromDrawings.filter((p) => !p.uwb)];
    },
    staleTime: 60_000,
  });
}

/** The stations placed on a plan: a drawing's own, or those standing directly on the map. */
export function stationsQuery(plan: Pick<Plan, 'drawingId' | 'mapId'> | undefined) {
  const filters = plan ? (plan.drawingId ? { drawingId: plan.drawingId } : { indoorMapId: plan.mapId }) : {};
  return queryOptions({
    queryKey: [...resourceKeys.all(uwbBaseStationResource.name), 'plan', filters] as const,
    queryFn: async () => (await list(uwbBaseStationResource.name, { ...ALL, filters })).rows as unknown as Station[],
    enabled: Boolean(plan),
  });
}

/** The newest UWB fix of every tag seen within `sinceS` seconds. */
export function uwbTagsQuery(sinceS = 600, refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: ['uwbTags', sinceS] as const,
    queryFn: () => request<UwbTag[]>('device', 'indoor/tags', { sinceS }, { background: true, quiet: true }),
    refetchInterval,
  });
}

export async function uploadPicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await request<{ url: string }>('device', 'indoor/upload', form)).url;
}

export const moveStation = (id: number, patch: Partial<Pick<Station, 'x' | 'y' | 'z' | 'status'>>) =>
  request<Station>('device', `${uwbBaseStationResource.name}/update`, { id, ...patch });

/** Every station of the tenant (the service status screen counts them by status). */
export function allStationsQuery(refetchInterval: number | false = false) {
  return queryOptions({
    queryKey: [...resourceKeys.all(uwbBaseStationResource.name), 'all'] as const,
    queryFn: async () => (await list(uwbBaseStationResource.name)).rows as unknown as Station[],
    refetchInterval,
  });
}
