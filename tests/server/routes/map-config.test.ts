import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapConfig, MapDevice } from '../../../src/shared/geo/map-config';
import { MAP_DEFAULTS } from '../../../src/shared/geo/map-config';
import { resolveMapConfig } from '../../../src/server/routes/map/config';
import { addUser, tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { tenantWithAdmin } from '../org-helper';

let t: TestApp;
let su: string;
let demo: string;
let other: string;
let plain: string;
let visitor: string;

beforeAll(async () => {
  t = await buildTestApp({ config: { maps: { amapKey: 'amap-key', amapSecurityCode: 'amap-sec' } } });
  su = (await login(t.app, 'admin', 'admin123')).token;
  demo = (await login(t.app, 'demo', 'demo123')).token;
  other = (await tenantWithAdmin(t.app, 'Other Co', 'otheradmin')).token;
  await addUser(t.app, {
    tenant: await tenantId(t.app, 'Demo Site'),
    username: 'mapuser',
    password: 'secret1',
    kind: 'user',
    roleIds: [],
  });
  plain = (await login(t.app, 'mapuser', 'secret1')).token;
  visitor = String((await post(t.app, '/api/auth/auth/visitorLogin', { language: 'CN' })).headers.authorization);
});
afterAll(() => t?.close());

async function getConfig(token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/map/config',
    headers: token ? { authorization: token } : {},
  });
  return res.json() as { code: number; data: MapConfig };
}
const save = (body: unknown, token: string) => post<MapConfig>(t.app, '/api/map/config', body, { token });

describe('GET /api/map/config', () => {
  it('answers the offline default with the keys of the environment to any logged-in user', async () => {
    const res = await getConfig(plain);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      provider: 'maplibre',
      providers: ['maplibre', 'amap'],
      styleUrl: null,
      tileUrl: null,
      allowedHosts: [],
      amapKey: 'amap-key',
      amapSecurityCode: 'amap-sec',
      center: MAP_DEFAULTS.center,
      zoom: 19,
    });
    expect((await getConfig()).code).toBe(208);
  });
});

describe('POST /api/map/config', () => {
  it('a tenant administrator saves the tenant’s tile URL and provider; other tenants keep theirs', async () => {
    // The tile host is one the platform allows.
    expect((await save({ allowedHosts: ['https://tiles.example.com'] }, su)).code).toBe(0);
    const res = await save({ tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png', provider: 'amap' }, demo);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ provider: 'amap', tileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png' });
    expect((await getConfig(plain)).data.tileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    expect((await getConfig(other)).data).toMatchObject({ provider: 'maplibre', tileUrl: null });
  });

  it('a super administrator sets the platform default; a tenant’s own setting wins over it', async () => {
    expect((await save({ styleUrl: 'https://styles.example.com/style.json' }, su)).code).toBe(0);
    expect((await getConfig(other)).data.styleUrl).toBe('https://styles.example.com/style.json');
    expect((await save({ styleUrl: '' }, other)).code).toBe(0);
    expect((await getConfig(other)).data.styleUrl).toBeNull();
    expect((await getConfig(plain)).data.styleUrl).toBe('https://styles.example.com/style.json');
  });

  it('refuses users, visitors and bad URLs with a clear code, never a 500', async () => {
    expect((await save({ tileUrl: '' }, plain)).code).toBe(403);
    expect((await save({ tileUrl: '' }, visitor)).code).toBe(403);
    const bad = await save({ tileUrl: 'https://tiles.example.com/no-placeholders.png' }, demo);
    expect(bad.code).toBe(400);
    expect((await save({ styleUrl: 'javascript:alert(1)' }, demo)).code).toBe(400);
    expect((await save({ provider: 'bing' }, demo)).code).toBe(400);
    expect((await save('not json', demo)).status).toBeLessThan(500);
  });
});

describe('the platform’s allowlist of map hosts', () => {
  it('a tenant’s tile or style URL on a host off the list is refused with mapHostNotAllowed, and not saved', async () => {
    const before = (await getConfig(demo)).data;
    for (const body of [
      { tileUrl: 'https://tiles.evil.example/{z}/{x}/{y}.png' },
      { styleUrl: 'https://evil.example/style.json' },
      // Same host name, another scheme or port: another origin.
      { tileUrl: 'http://tiles.example.com/{z}/{x}/{y}.png' },
      { tileUrl: 'https://tiles.example.com:8443/{z}/{x}/{y}.png' },
    ]) {
      const res = await save(body, demo);
      expect([res.code, res.key], JSON.stringify(body)).toEqual([400, 'mapHostNotAllowed']);
    }
    expect((await getConfig(demo)).data).toEqual(before);
  });

  it('only a super administrator keeps the list; entries are bare origins (a subdomain wildcard at most)', async () => {
    const tenantTry = await save({ allowedHosts: ['https://tiles.evil.example'] }, demo);
    expect([tenantTry.code, tenantTry.key]).toEqual([403, 'noPermission']);
    for (const entry of [
      'https://x.example; script-src *',
      "'unsafe-inline'",
      '*',
      'https://x.example/path',
      'javascript:alert(1)',
      'https://*',
    ]) {
      const res = await save({ allowedHosts: [entry] }, su);
      expect(res.code, entry).toBe(400);
    }
    const saved = await save(
      { allowedHosts: ['https://tiles.example.com', 'HTTPS://*.Tianditu.example.cn', 'https://tiles.example.com'] },
      su,
    );
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data.allowedHosts).toEqual(
      expect.arrayContaining(['https://tiles.example.com', 'https://*.tianditu.example.cn']),
    );
    const sub = await save({ tileUrl: 'https://t3.tianditu.example.cn/{z}/{x}/{y}.png' }, other);
    expect(sub.code, sub.msg).toBe(0);
    expect(sub.data.tileUrl).toBe('https://t3.tianditu.example.cn/{z}/{x}/{y}.png');
  });

  it('a tenant URL saved before the list, or whose host left it, is not handed out: the platform’s applies', () => {
    const platform = { tileUrl: 'https://base.example.org/{z}/{x}/{y}.png', allowedHosts: ['https://ok.example.org'] };
    expect(resolveMapConfig({}, platform, { tileUrl: 'https://evil.example/{z}/{x}/{y}.png' }).tileUrl).toBe(
      platform.tileUrl,
    );
    expect(resolveMapConfig({}, platform, { tileUrl: 'https://ok.example.org/{z}/{x}/{y}.png' }).tileUrl).toBe(
      'https://ok.example.org/{z}/{x}/{y}.png',
    );
    expect(resolveMapConfig({}, platform, { tileUrl: null }).tileUrl).toBeNull();
  });
});

describe('resolveMapConfig', () => {
  it('falls back to MapLibre when the saved provider has no key', () => {
    const c = resolveMapConfig({}, { provider: 'google' }, {});
    expect(c.provider).toBe('maplibre');
    expect(c.providers).toEqual(['maplibre']);
    expect(c).not.toHaveProperty('googleKey');
  });
});

describe('POST /api/map/devices', () => {
  it('answers the located devices of the caller’s tenant only', async () => {
    const mine = await post<MapDevice[]>(t.app, '/api/map/devices', {}, { token: demo });
    expect(mine.code).toBe(0);
    expect(mine.data.length).toBeGreaterThan(0);
    for (const d of mine.data)
      expect(d).toMatchObject({
        imei: expect.any(String),
        lat: expect.any(Number),
        lon: expect.any(Number),
        state: expect.any(Number),
      });
    expect((await post<MapDevice[]>(t.app, '/api/map/devices', {}, { token: other })).data).toEqual([]);
  });
});
