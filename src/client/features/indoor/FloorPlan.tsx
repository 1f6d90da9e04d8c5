import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { UwbTag } from '../../../shared/indoor';
import { toMetres, toPercent, type FloorSize, type Point } from './geometry';
import type { Station } from './indoor.queries';
import { STATUS_COLOUR } from './StationStatus';
import classes from './FloorPlan.module.css';

interface FloorPlanProps {
  floor: FloorSize;
  picture: string | null;
  stations: Station[];
  tags?: UwbTag[];
  selectedId?: number | null;
  /** Editing: stations can be dragged; the drop reports metres. */
  onStationMove?: (id: number, to: Point) => void;
  onStationSelect?: (id: number) => void;
  /** A click on the empty floor, in metres. */
  onFloorClick?: (at: Point) => void;
}

/**
 * A floor picture stretched to the floor's real aspect (the parent must be a size container), with base stations and UWB tags placed
 * by metres (plain HTML over the image; no map engine). The frame keeps the floor's aspect, so
 * percent positions are metres / size whatever the window.
 */
export function FloorPlan({
  floor,
  picture,
  stations,
  tags = [],
  selectedId,
  onStationMove,
  onStationSelect,
  onFloorClick,
}: FloorPlanProps) {
  const { t } = useLingui();
  const frame = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ id: number; at: Point; moved: boolean } | null>(null);
  const here = (e: { clientX: number; clientY: number }) =>
    toMetres(e.clientX, e.clientY, frame.current!.getBoundingClientRect(), floor);

  const down = (id: number) => (e: ReactPointerEvent) => {
    e.stopPropagation();
    onStationSelect?.(id);
    if (!onStationMove) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDrag({ id, at: here(e), moved: false });
  };
  const move = (e: ReactPointerEvent) => {
    if (drag) setDrag({ ...drag, at: here(e), moved: true });
  };
  const up = (e: ReactPointerEvent) => {
    if (!drag) return;
    const at = here(e);
    setDrag(null);
    if (drag.moved) onStationMove?.(drag.id, at);
  };

  return (
    <div
      ref={frame}
      className={classes.frame}
      style={{ aspectRatio: `${floor.width} / ${floor.height}`, ['--ratio' as string]: floor.width / floor.height }}
      data-testid="floor-plan"
      onClick={onFloorClick ? (e) => onFloorClick(here(e)) : undefined}
    >
      {picture && <img className={classes.picture} src={picture} alt={t`楼层平面图`} draggable={false} />}
      {stations.map((s) => {
        const at = drag?.id === s.id ? drag.at : s;
        const { left, top } = toPercent(at, floor);
        const cls = [classes.marker, onStationMove && classes.editable, selectedId === s.id && classes.selected]
          .filter(Boolean)
          .join(' ');
        return (
          <div
            key={s.id}
            className={cls}
            style={{ left: `${left}%`, top: `${top}%` }}
            data-testid="station-marker"
            data-id={s.id}
            title={`${s.name} (${s.x}, ${s.y}, ${s.z})`}
            onPointerDown={down(s.id)}
            onPointerMove={move}
            onPointerUp={up}
            onClick={(e) => e.stopPropagation()}
          >
            <span className={classes.station} style={{ background: STATUS_COLOUR[s.status] ?? STATUS_COLOUR[2] }} />
            <span className={classes.label}>{s.code || s.name}</span>
          </div>
        );
      })}
      {tags.map((tag) => {
        const { left, top } = toPercent(tag, floor);
        return (
          <div
            key={tag.imei}
            className={`${classes.marker} ${classes.tagMarker}`}
            style={{ left: `${left}%`, top: `${top}%` }}
            data-testid="tag-marker"
            data-imei={tag.imei}
          >
            <span className={classes.tag} />
            <span className={classes.label}>{tag.name || tag.imei.slice(-4)}</span>
          </div>
        );
      })}
    </div>
  );
}
