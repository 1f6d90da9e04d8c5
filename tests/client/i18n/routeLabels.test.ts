import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SCENARIOS, SPEC_ROUTES } from '../../../src/shared/routes';
import { activateLang, i18n } from '../../../src/client/i18n/i18n';
import { routeLabel, scenarioLabel } from '../../../src/client/i18n/routeLabels';

afterEach(() => activateLang('cn'));

describe('route and scenario labels', () => {
  it('cover every spec route with its Chinese label', () => {
    for (const r of SPEC_ROUTES) {
      const label = routeLabel(r.value);
      expect(label?.id, r.value).toBe(`route.${r.value}`);
      expect(i18n._(label!), r.value).toBe(r.cn);
    }
    expect(routeLabel('noSuchRoute')).toBeUndefined();
    expect(routeLabel('constructor')).toBeUndefined();
  });

  it('cover every scenario', () => {
    for (const s of SCENARIOS) expect(i18n._(scenarioLabel(s.key)!)).toBe(s.cn);
    expect(scenarioLabel('nope')).toBeUndefined();
  });

  it('use the registry English labels in the English catalog', async () => {
    await activateLang('en');
    for (const r of SPEC_ROUTES) expect(i18n._(routeLabel(r.value)!), r.value).toBe(r.en);
    for (const s of SCENARIOS) expect(i18n._(scenarioLabel(s.key)!), s.key).toBe(s.en);
  });

  it('are regenerated whenever routes.ts changes (routeLabels.gen.ts is not stale)', () => {
    const run = spawnSync(process.execPath, ['scripts/gen-route-labels.mjs', '--check'], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
