import { describe, expect, it } from 'vitest';
import { FREIGHT_MODE, freightFor, ruleFor, type FreightTemplateLike } from '../../../src/shared/freight';

const byWeight: FreightTemplateLike = {
  mode: FREIGHT_MODE.weight,
  firstUnit: 1,
  firstPrice: 10,
  addUnit: 0.5,
  addPrice: 3,
  freeAmount: null,
  freePieces: null,
  rules: [],
};
const byPiece: FreightTemplateLike = {
  mode: FREIGHT_MODE.piece,
  firstUnit: 2,
  firstPrice: 8,
  addUnit: 1,
  addPrice: 2.5,
  freeAmount: null,
  freePieces: null,
  rules: [],
};
const item = (qty: number, weightG = 400, priceFen = 1000) => ({ qty, weightG, priceFen });

describe('freightFor', () => {
  it('by weight: the first kg at its price, each started additional 0.5 kg at its price', () => {
    expect(freightFor(byWeight, [item(1, 800)], '浙江省/杭州市')).toBe(1000);
    expect(freightFor(byWeight, [item(1, 1000)], '浙江省/杭州市')).toBe(1000);
    expect(freightFor(byWeight, [item(1, 1001)], '浙江省/杭州市')).toBe(1300);
    // 3 x 700 g = 2.1 kg: first 1 kg, then 1.1 kg = 3 started half kilos.
    expect(freightFor(byWeight, [item(3, 700)], '浙江省/杭州市')).toBe(1000 + 3 * 300);
  });

  it('by piece: the first two pieces at 8 yuan, each further piece 2.50', () => {
    expect(freightFor(byPiece, [item(1)], '浙江省')).toBe(800);
    expect(freightFor(byPiece, [item(2)], '浙江省')).toBe(800);
    expect(freightFor(byPiece, [item(3), item(2)], '浙江省')).toBe(800 + 3 * 250);
  });

  it('nothing to send costs nothing', () => {
    expect(freightFor(byPiece, [], '浙江省')).toBe(0);
  });

  it('free shipping from an order amount, or from a number of pieces', () => {
    const amount = { ...byPiece, freeAmount: 99 };
    expect(freightFor(amount, [item(9, 0, 1100)], '浙江省')).toBe(0); // 99.00
    expect(freightFor(amount, [item(9, 0, 1099)], '浙江省')).toBe(800 + 7 * 250);
    const pieces = { ...byPiece, freePieces: 5 };
    expect(freightFor(pieces, [item(4)], '浙江省')).toBe(800 + 2 * 250);
    expect(freightFor(pieces, [item(3), item(2)], '浙江省')).toBe(0);
  });

  it('a region rule overrides charges; the most specific covering rule wins; a rule may switch free shipping off', () => {
    const tpl: FreightTemplateLike = {
      ...byPiece,
      freeAmount: 50,
      rules: [
        {
          regions: ['新疆维吾尔自治区', '西藏自治区'],
          firstUnit: 1,
          firstPrice: 20,
          addUnit: 1,
          addPrice: 10,
          freeAmount: null,
        },
        { regions: ['广东省'], firstUnit: 1, firstPrice: 6, addUnit: 1, addPrice: 1 },
        { regions: ['广东省/深圳市'], firstUnit: 1, firstPrice: 5, addUnit: 1, addPrice: 0 },
      ],
    };
    expect(ruleFor(tpl, '广东省/广州市/天河区')?.firstPrice).toBe(6);
    expect(ruleFor(tpl, '广东省/深圳市/南山区')?.firstPrice).toBe(5);
    expect(ruleFor(tpl, '广东')).toBeUndefined();
    expect(freightFor(tpl, [item(3, 0, 500)], '广东省/广州市')).toBe(600 + 2 * 100);
    expect(freightFor(tpl, [item(3, 0, 500)], '广东省/深圳市/南山区')).toBe(500);
    expect(freightFor(tpl, [item(3, 0, 500)], '北京市/北京市')).toBe(800 + 250);
    // 60 yuan is over the template's threshold: free, except where the rule says none.
    expect(freightFor(tpl, [item(3, 0, 2000)], '北京市/北京市')).toBe(0);
    expect(freightFor(tpl, [item(3, 0, 2000)], '西藏自治区/拉萨市')).toBe(2000 + 2 * 1000);
    // The Guangdong rule keeps the template's threshold.
    expect(freightFor(tpl, [item(3, 0, 2000)], '广东省/广州市')).toBe(0);
  });
});
