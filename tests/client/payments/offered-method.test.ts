import { describe, expect, it } from 'vitest';
import { offeredMethod } from '../../../src/client/features/payments/payments.api';

describe('offeredMethod', () => {
  it('keeps the picked method while it is offered, else takes the first offered (no sandbox in production)', () => {
    expect(offeredMethod('sandbox', undefined)).toBe('sandbox');
    expect(offeredMethod('sandbox', ['sandbox', 'wechat'])).toBe('sandbox');
    expect(offeredMethod('sandbox', ['wechat', 'alipay'])).toBe('wechat');
    expect(offeredMethod('alipay', ['wechat', 'alipay'])).toBe('alipay');
    expect(offeredMethod('sandbox', [])).toBe('sandbox');
  });
});
