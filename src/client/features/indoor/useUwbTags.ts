import { useCallback, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Position } from '../../../shared/geo/positions';
import type { UwbTag } from '../../../shared/indoor';
import { useLivePositions } from '../../map/layers/useLivePositions';
import { uwbTagsQuery } from './indoor.queries';

/** Poll period while no live push arrives (the push may be off, or the broker unreachable). */
const TAG_POLL_MS = 2_000;
/** A push within this long counts as "live": polling stops until it goes quiet again. */
const LIVE_FRESH_MS = 5_000;

/**
 * The UWB tags of the tenant as they move: the newest fixes from `indoor/tags`, overlaid by the
 * live positions push (code 9020) through the one live bridge. While pushes arrive the poll is
 * off; when they stop (or never start) it polls every 2 s, so the view stays live either way.
 */
export function useUwbTags(floor?: string | null): UwbTag[] {
  const [pushed, setPushed] = useState<Map<string, Position>>(() => new Map());
  const lastPush = useRef(0);
  const [live, setLive] = useState(false);
  const polled = useQuery(uwbTagsQuery(600, live ? false : TAG_POLL_MS));

  const onPositions = useCallback((positions: Position[]) => {
    const uwb = positions.filter((p) => p.x !== undefined && p.y !== undefined);
    if (!uwb.length) return;
    lastPush.current = Date.now();
    setLive(true);
    setPushed((prev) => {
      const next = new Map(prev);
      for (const p of uwb) if ((next.get(p.imei)?.ts ?? 0) <= p.ts) next.set(p.imei, p);
      return next;
    });
    // Fall back to polling if the pushes stop.
    setTimeout(() => {
      if (Date.now() - lastPush.current >= LIVE_FRESH_MS) setLive(false);
    }, LIVE_FRESH_MS);
  }, []);
  useLivePositions(onPositions);

  return useMemo(() => {
    const byImei = new Map((polled.data ?? []).map((t) => [t.imei, t]));
    for (const p of pushed.values()) {
      const known = byImei.get(p.imei);
      if (known && known.ts > p.ts) continue;
      byImei.set(p.imei, {
        imei: p.imei,
        name: known?.name ?? null,
        battery: known?.battery ?? null,
        state: p.state,
        x: p.x!,
        y: p.y!,
        floor: p.floor ?? known?.floor ?? null,
        ts: p.ts,
      });
    }
    const all = [...byImei.values()];
    // A tag on another floor is not on this picture; tags that report no floor are shown anyway.
    return floor ? all.filter((t) => !t.floor || t.floor === floor) : all;
  }, [polled.data, pushed, floor]);
}
