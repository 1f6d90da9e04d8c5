import { afterEach, describe, expect, it } from 'vitest';
import * as codes from '../../../src/shared/codes';
import { RESOURCES } from '../../../src/entities/registry';
import { CODE_LABELS, codeText } from '../../../src/client/i18n/codeLabels';
import { activateLang } from '../../../src/client/i18n/i18n';

const tables = Object.entries(codes).filter(([name, v]) => name.endsWith('_TABLE') && Array.isArray(v)) as [
  string,
  codes.CodeEntry<number | string>[],
][];

describe('code labels', () => {
  afterEach(() => activateLang('cn'));

  it('cover every entry of every code table', () => {
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const [name, table] of tables) {
      for (const entry of table) expect(CODE_LABELS[entry.cn], `${name} ${entry.cn}`).toBeDefined();
    }
  });

  it('cover every code of every registry field, so generic filters and cells never fall back to English', () => {
    let n = 0;
    for (const def of RESOURCES) {
      for (const field of def.fields) {
        for (const entry of field.codes ?? []) {
          expect(CODE_LABELS[entry.cn], `${def.name}.${field.name} ${entry.cn}`).toBeDefined();
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(100);
  });

  it('translate with the active language', async () => {
    const enabled = codes.STATUS_TABLE.find((e) => e.value === codes.STATUS.enabled)!;
    expect(codeText(enabled)).toBe('启用');
    await activateLang('de');
    expect(codeText(enabled)).not.toBe('启用');
    expect(codeText(enabled)).not.toBe('');
  });
});
