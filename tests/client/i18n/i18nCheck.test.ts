import { describe, expect, it } from 'vitest';

interface PoEntry {
  msgid: string;
  msgstr: string[];
  obsolete: boolean;
}
interface CheckModule {
  parsePo(text: string): PoEntry[];
  findProblems(source: PoEntry[], target: PoEntry[]): { msgid: string; problem: string }[];
  placeholders(message: string): string[];
}
// The checker is a plain Node script (no types); its pure functions are what we test.
const check = (await import('../../../scripts/i18n-check.mjs' as string)) as CheckModule;

const SOURCE = `msgid ""
msgstr ""
"Language: cn\\n"

#. js-lingui-explicit-id
msgid "route.index"
msgstr "城市看板"

msgid "共 {count} 台设备"
msgstr "共 {count} 台设备"

msgid "刷新"
msgstr "刷新"
`;

const TARGET = `msgid ""
msgstr ""
"Language: en\\n"

#. js-lingui-explicit-id
msgid "route.index"
msgstr ""
"City "
"dashboard"

msgid "共 {count} 台设备"
msgstr "{count} devices"

msgid "刷新"
msgstr ""

#~ msgid "旧文本"
#~ msgstr ""
`;

describe('i18n-check', () => {
  it('parses entries, joining continued lines and marking obsolete ones', () => {
    const entries = check.parsePo(TARGET);
    expect(entries.map((e) => e.msgid)).toEqual(['route.index', '共 {count} 台设备', '刷新', '旧文本']);
    expect(entries[0]!.msgstr[0]).toBe('City dashboard');
    expect(entries[3]!.obsolete).toBe(true);
  });

  it('reports an empty msgstr and ignores obsolete entries', () => {
    const problems = check.findProblems(check.parsePo(SOURCE), check.parsePo(TARGET));
    expect(problems).toEqual([{ msgid: '刷新', problem: 'untranslated' }]);
  });

  it('reports a message missing from the target and a lost placeholder', () => {
    const target = check.parsePo(
      `msgid "route.index"\nmsgstr "City dashboard"\n\nmsgid "共 {count} 台设备"\nmsgstr "Devices"\n`,
    );
    const problems = check.findProblems(check.parsePo(SOURCE), target);
    expect(problems.map((p) => p.problem)).toEqual(['placeholders [] instead of [{count}]', 'missing']);
  });

  it('reports a translation that is not valid ICU', () => {
    const target = check.parsePo(
      `msgid "route.index"\nmsgstr "City dashboard"\n\nmsgid "共 {count} 台设备"\nmsgstr "{count, plural, one {# device}"\n\nmsgid "刷新"\nmsgstr "Reload"\n`,
    );
    const problems = check.findProblems(check.parsePo(SOURCE), target);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.problem).toMatch(/^invalid ICU message/);
  });

  it('reads arguments, plural branches and JSX tags', () => {
    const found = check.placeholders('{n, plural, one {# 台} other {# 台 {name}}} <0>详情</0>');
    expect(new Set(found)).toEqual(new Set(['{n}', '{name}', '<0>', '</0>']));
    expect(check.placeholders('one {台}')).toEqual([]); // branch text is not an argument
  });
});
