import { afterEach, describe, expect, it } from 'vitest';
import { alarmTitleText } from '../../../src/client/features/alarms/alarmLabels';
import { activateLang, i18n } from '../../../src/client/i18n/i18n';

describe('alarm titles', () => {
  afterEach(() => activateLang('cn'));

  it('render the stored Chinese title from its type code in the reader language, keeping the fence name as written', async () => {
    const fenceExit = { type: 20, title: '出围栏告警 · 北门 · Depot' };
    const sos = { type: 15, title: 'SOS求救' };
    expect(alarmTitleText(i18n, fenceExit)).toBe('出围栏告警 · 北门 · Depot');
    await activateLang('en');
    const en = alarmTitleText(i18n, fenceExit);
    expect(en).toMatch(/ · 北门 · Depot$/);
    expect(en).not.toContain('出围栏');
    expect(alarmTitleText(i18n, sos)).not.toMatch(/[\u4e00-\u9fff]/);
    // Not a type label: a utility's low balance, stored under the low-battery type, stays as written.
    expect(alarmTitleText(i18n, { type: 9, title: '电费余额不足' })).toBe('电费余额不足');
    expect(alarmTitleText(i18n, { type: 9, title: '低电告警' })).not.toMatch(/[\u4e00-\u9fff]/);
    await activateLang('ar');
    expect(alarmTitleText(i18n, fenceExit)).not.toContain('出围栏');
  });
});
