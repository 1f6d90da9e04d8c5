import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { FloorPlan } from '../../../src/client/features/indoor/FloorPlan';
import { toMetres, toPercent, toPixels } from '../../../src/client/features/indoor/geometry';
import type { Station } from '../../../src/client/features/indoor/indoor.queries';
import type { UwbTag } from '../../../src/shared/indoor';
import { renderWithProviders } from '../render';

const floor = { width: 60, height: 40 };
const station = (id: number, x: number, y: number, status = 2): Station => ({
  id,
  name: `S${id}`,
  code: `A${id}`,
  x,
  y,
  z: 3,
  status,
  floor: '1F',
  drawingId: 1,
  indoorMapId: 1,
});
const tag = (x: number, y: number, ts = 1): UwbTag => ({
  imei: '860100000000009',
  name: 'Tag 1',
  state: 1,
  battery: 80,
  x,
  y,
  floor: '1F',
  ts,
});
const place = (el: HTMLElement) => [el.style.left, el.style.top];

describe('metres to the picture', () => {
  it('places by the real size whatever the picture size', () => {
    expect(toPercent({ x: 30, y: 10 }, floor)).toEqual({ left: 50, top: 25 });
    expect(toPixels({ x: 30, y: 10 }, floor, { width: 1200, height: 800 })).toEqual({ left: 600, top: 200 });
    expect(toPixels({ x: 60, y: 40 }, floor, { width: 300, height: 200 })).toEqual({ left: 300, top: 200 });
    // A fix just off the floor (UWB noise) stays on its edge instead of leaving the picture.
    expect(toPercent({ x: -2, y: 41 }, floor)).toEqual({ left: 0, top: 100 });
  });

  it('turns a pointer back into metres, on the floor, to the centimetre', () => {
    const rect = { left: 100, top: 50, width: 600, height: 400 };
    expect(toMetres(400, 250, rect, floor)).toEqual({ x: 30, y: 20 });
    expect(toMetres(100 + 123.456, 50, rect, floor)).toEqual({ x: 12.35, y: 0 });
    expect(toMetres(9999, -10, rect, floor)).toEqual({ x: 60, y: 0 });
    expect(toMetres(1, 1, { left: 0, top: 0, width: 0, height: 0 }, floor)).toEqual({ x: 0, y: 0 });
  });
});

describe('FloorPlan', () => {
  it('draws stations and tags where their metres say, on a frame of the floor aspect', () => {
    renderWithProviders(
      <FloorPlan
        floor={floor}
        picture="/indoor/demo-floor.svg"
        stations={[station(1, 0, 0), station(2, 30, 20), station(3, 60, 40, 1)]}
        tags={[tag(15, 30)]}
      />,
    );
    expect(screen.getByTestId('floor-plan').style.aspectRatio).toBe('60 / 40');
    expect(screen.getAllByTestId('station-marker').map(place)).toEqual([
      ['0%', '0%'],
      ['50%', '50%'],
      ['100%', '100%'],
    ]);
    expect(place(screen.getByTestId('tag-marker'))).toEqual(['25%', '75%']);
    expect(screen.getByRole('img')).toHaveAttribute('src', '/indoor/demo-floor.svg');
  });

  it('moves a tag marker when its position updates', () => {
    const view = renderWithProviders(<FloorPlan floor={floor} picture={null} stations={[]} tags={[tag(6, 4)]} />);
    expect(place(screen.getByTestId('tag-marker'))).toEqual(['10%', '10%']);
    view.rerender(<FloorPlan floor={floor} picture={null} stations={[]} tags={[tag(54, 36, 2)]} />);
    const markers = screen.getAllByTestId('tag-marker');
    expect(markers).toHaveLength(1);
    expect(place(markers[0]!)).toEqual(['90%', '90%']);
  });

  it('dragging a station reports its new X/Y in metres; a click only selects', () => {
    const moved = vi.fn();
    const selected = vi.fn();
    renderWithProviders(
      <FloorPlan
        floor={floor}
        picture={null}
        stations={[station(7, 30, 20)]}
        onStationMove={moved}
        onStationSelect={selected}
      />,
    );
    const frame = screen.getByTestId('floor-plan');
    frame.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      width: 600,
      height: 400,
      right: 600,
      bottom: 400,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    const marker = screen.getByTestId('station-marker');
    fireEvent.pointerDown(marker, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerUp(marker, { clientX: 300, clientY: 200, pointerId: 1 });
    expect(selected).toHaveBeenCalledWith(7);
    expect(moved).not.toHaveBeenCalled();

    fireEvent.pointerDown(marker, { clientX: 300, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(marker, { clientX: 400, clientY: 150, pointerId: 1 });
    // While dragging the marker follows the pointer.
    expect(place(marker)).toEqual([`${(40 / 60) * 100}%`, '37.5%']);
    fireEvent.pointerUp(marker, { clientX: 451.23, clientY: 100, pointerId: 1 });
    expect(moved).toHaveBeenCalledWith(7, { x: 45.12, y: 10 });
  });

  it('a click on the empty floor reports metres to add a station there', () => {
    const clicked = vi.fn();
    renderWithProviders(<FloorPlan floor={floor} picture={null} stations={[]} onFloorClick={clicked} />);
    const frame = screen.getByTestId('floor-plan');
    frame.getBoundingClientRect = () => ({
      left: 10,
      top: 10,
      width: 300,
      height: 200,
      right: 310,
      bottom: 210,
      x: 10,
      y: 10,
      toJSON: () => ({}),
    });
    fireEvent.click(frame, { clientX: 160, clientY: 60 });
    expect(clicked).toHaveBeenCalledWith({ x: 30, y: 10 });
  });
});
