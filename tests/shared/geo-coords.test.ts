import { describe, expect, it } from 'vitest';
import { gcj02ToWgs84, wgs84ToGcj02 } from '../../src/shared/geo/coords';
import { distanceM, type LonLat } from '../../src/shared/geo/fence';

const near = (a: LonLat, b: LonLat, tol: number) => {
  expect(Math.abs(a[0] - b[0])).toBeLessThan(tol);
  expect(Math.abs(a[1] - b[1])).toBeLessThan(tol);
};

/** The published GCJ-02 forward formula (Krasovsky 1940 ellipsoid), an oracle independent of gcoord. */
function oracle([lon, lat]: LonLat): LonLat {
  const a = 6378245.0;
  const ee = 0.006693421622965943;
  const x = lon - 105;
  const y = lat - 35;
  let dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  dLat += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  dLat += ((20 * Math.sin(y * Math.PI) + 40 * Math.sin((y / 3) * Math.PI)) * 2) / 3;
  dLat += ((160 * Math.sin((y / 12) * Math.PI) + 320 * Math.sin((y * Math.PI) / 30)) * 2) / 3;
  let dLon = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  dLon += ((20 * Math.sin(6 * x * Math.PI) + 20 * Math.sin(2 * x * Math.PI)) * 2) / 3;
  dLon += ((20 * Math.sin(x * Math.PI) + 40 * Math.sin((x / 3) * Math.PI)) * 2) / 3;
  dLon += ((150 * Math.sin((x / 12) * Math.PI) + 300 * Math.sin((x / 30) * Math.PI)) * 2) / 3;
  const radLat = (lat / 180) * Math.PI;
  const magic = 1 - ee * Math.sin(radLat) ** 2;
  const sqrtMagic = Math.sqrt(magic);
  dLat = (dLat * 180) / (((a * (1 - ee)) / (magic * sqrtMagic)) * Math.PI);
  dLon = (dLon * 180) / ((a / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [lon + dLon, lat + dLat];
}

describe('WGS-84 / GCJ-02', () => {
  it('Tiananmen: the widely published pair (coordtransform README)', () => {
    near(wgs84ToGcj02([116.404, 39.915]), [116.41024449916938, 39.91640428150164], 1e-9);
    near(gcj02ToWgs84([116.41024449916938, 39.91640428150164]), [116.404, 39.915], 1e-5);
  });

  it('Shenzhen Civic Center: matches the published formula, a shift of several hundred metres', () => {
    const wgs: LonLat = [114.0596, 22.5431];
    const gcj = wgs84ToGcj02(wgs);
    near(gcj, oracle(wgs), 1e-9);
    expect(distanceM(wgs, gcj)).toBeGreaterThan(300);
    expect(distanceM(wgs, gcj)).toBeLessThan(700);
    near(gcj02ToWgs84(gcj), wgs, 1e-5);
  });

  it('leaves points outside China unchanged', () => {
    expect(wgs84ToGcj02([2.2945, 48.8584])).toEqual([2.2945, 48.8584]);
    expect(gcj02ToWgs84([-74.0445, 40.6892])).toEqual([-74.0445, 40.6892]);
  });

  it('round-trips within 1e-5 degrees across China', () => {
    const points: LonLat[] = [
      [121.4737, 31.2304],
      [104.0665, 30.5723],
      [87.6168, 43.8256],
      [126.6424, 45.7567],
      [110.3312, 20.0311],
    ];
    for (const p of points) near(gcj02ToWgs84(wgs84ToGcj02(p)), p, 1e-5);
  });
});
