import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Region } from '../../../src/client/components/RegionSelector';

interface GenModule {
  toRegions(...sources: Record<string, Record<string, string[]>>[]): Region[];
}
const gen = (await import('../../../scripts/gen-regions.mjs' as string)) as GenModule;

describe('region data', () => {
  const text = readFileSync(resolve(process.cwd(), 'public/data/regions.json'), 'utf8');
  const regions = JSON.parse(text) as Region[];

  it('covers the provincial regions plus 海外, compactly', () => {
    expect(text).not.toMatch(/\n|": /);
    const names = regions.map((r) => r.name);
    expect(names.length).toBeGreaterThanOrEqual(34);
    expect(names).toEqual(
      expect.arrayContaining(['北京市', '广东省', '新疆维吾尔自治区', '香港特别行政区', '澳门特别行政区', '台湾省']),
    );
    expect(names.at(-1)).toBe('海外');
  });

  it('has the province > cityList > areaList shape all the way down', () => {
    const gd = regions.find((r) => r.name === '广东省')!;
    const gz = gd.cityList.find((c) => c.name === '广州市')!;
    expect(gz.areaList).toContainEqual({ name: '天河区' });
    for (const region of regions) {
      for (const city of region.cityList) {
        expect(Object.keys(city).sort()).toEqual(['areaList', 'name']);
        expect(city.areaList.every((a) => typeof a.name === 'string' && a.name.length > 0)).toBe(true);
      }
    }
  });

  it('the generator names a municipality city after the municipality', () => {
    const out = gen.toRegions({ 北京市: { 市辖区: ['东城区', '西城区'] }, 河北省: { 石家庄市: ['长安区'] } });
    expect(out).toEqual([
      { name: '北京市', cityList: [{ name: '北京市', areaList: [{ name: '东城区' }, { name: '西城区' }] }] },
      { name: '河北省', cityList: [{ name: '石家庄市', areaList: [{ name: '长安区' }] }] },
      { name: '海外', cityList: [] },
    ]);
  });
});
