/**
 * A household's plausible consumption through the day (pure; the demo seed's history and the
 * simulator's meters both use it): a night base load, a morning peak and a larger evening one.
 * `perDay` is the room's typical daily use (kWh or m³); the result is the use in one hour.
 */
const ELECTRICITY_SHAPE = [
  0.5, 0.4, 0.4, 0.4, 0.4, 0.5, 0.9, 1.5, 1.4, 0.8, 0.7, 0.8, 1.0, 0.9, 0.7, 0.7, 0.8, 1.1, 1.7, 2.0, 2.0, 1.8, 1.3,
  0.8,
];
const WATER_SHAPE = [
  0.1, 0.05, 0.05, 0.05, 0.1, 0.3, 1.8, 2.6, 1.6, 0.8, 0.6, 0.9, 1.3, 0.8, 0.5, 0.5, 0.6, 0.9, 1.6, 2.0, 2.2, 1.9, 1.1,
  0.4,
];
const norm = (shape: number[]) => {
  const sum = shape.reduce((s, v) => s + v, 0);
  return shape.map((v) => v / sum);
};
const SHARES = { 1: norm(ELECTRICITY_SHAPE), 2: norm(WATER_SHAPE) } as const;

/** Use in hour `hour` (0-23, Beijing) of a day whose total is `perDay`. */
export function hourlyUse(kind: 1 | 2, hour: number, perDay: number): number {
  return perDay * SHARES[kind][((Math.floor(hour) % 24) + 24) % 24]!;
}

/** The Beijing hour (0-23) of an instant. */
export const beijingHour = (ms: number) => new Date(ms + 8 * 3_600_000).getUTCHours();
