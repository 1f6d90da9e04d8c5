import { describe, expect, it } from 'vitest';
import { ruleErrors } from '../../../src/client/features/mall-orders/FreightTemplateScreen';

const msg = { required: 'required', twice: (r: string) => `twice ${r}`, unit: 'unit' };
const rule = (regions: string[], firstUnit = 1, addUnit = 1) => ({
  regions,
  firstUnit,
  firstPrice: 5,
  addUnit,
  addPrice: 2,
});

describe('freight rules editor checks', () => {
  it('passes distinct regions with positive units', () => {
    expect(ruleErrors([rule(['浙江省']), rule(['西藏自治区', '青海省'])], msg)).toEqual({});
  });
  it('names a region in two rules, an empty region list and a zero unit', () => {
    expect(ruleErrors([rule(['浙江省']), rule(['浙江省'], 0), rule([], 1, 0)], msg)).toEqual({
      '1.regions': 'twice 浙江省',
      '1.firstUnit': 'unit',
      '2.regions': 'required',
      '2.addUnit': 'unit',
    });
  });
});
