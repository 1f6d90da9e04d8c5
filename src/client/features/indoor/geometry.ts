/** A floor's real size in metres; x grows to the right, y downwards, origin at the top-left corner. */
export interface FloorSize {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/** Centimetres: the finest step the service stores (two decimals). */
const cm = (v: number) => Math.round(v * 100) / 100;

/**
 * Where a point in metres sits on the picture, in percent of its box. Percent keeps markers in
 * place at any zoom or window size without re-measuring the picture.
 */
export function toPercent(p: Point, floor: FloorSize): { left: number; top: number } {
  return {
    left: (clamp(p.x, 0, floor.width) / floor.width) * 100,
    top: (clamp(p.y, 0, floor.height) / floor.height) * 100,
  };
}

/** Metres -> pixels of a box of this size (the picture scaled to the floor's aspect). */
export function toPixels(
  p: Point,
  floor: FloorSize,
  box: { width: number; height: number },
): { left: number; top: number } {
  const { left, top } = toPercent(p, floor);
  return { left: (left / 100) * box.width, top: (top / 100) * box.height };
}

/** A pointer inside the picture's box -> metres on the floor, kept on the floor, to the centimetre. */
export function toMetres(
  clientX: number,
  clientY: number,
  rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  floor: FloorSize,
): Point {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  const x = ((clientX - rect.left) / rect.width) * floor.width;
  const y = ((clientY - rect.top) / rect.height) * floor.height;
  return { x: cm(clamp(x, 0, floor.width)), y: cm(clamp(y, 0, floor.height)) };
}
