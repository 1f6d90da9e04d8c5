import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../../src/server/db/schema';
import { tenantKey } from '../../../src/server/repos/map-settings';
import { tenantId } from '../fixtures';
import { buildTestApp, login, post, type TestApp } from '../helper';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: { mqttWsUrl: 'wss://broker.example.org:8084/mqtt', publicUrl: 'https://console.example.org' },
    });
  });
  afterAll(() => t?.close());

  it('come with every answer: CSP, nosniff, no framing, same-origin referrer, HSTS behind https', async () => {
    for (const url of ['/api/health', '/some/client/route', '/api/nope']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'console.example.org' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Its own socket from PUBLIC_URL (wss behind https) and the broker from MQTT_WS_URL.
      expect(csp).toMatch(/connect-src 'self' wss:\/\/console\.example\.org wss:\/\/broker\.example\.org:8084(;|$)/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it("never take a host from the request's Host header", async () => {
    for (const host of ['evil.example; script-src *', 'evil.example', "evil.example 'unsafe-inline'"]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toContain('evil.example');
      expect(csp.match(/script-src/g)).toHaveLength(1);
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*\*/);
    }
  });

  it("keep a tenant's tile host off the platform's allowlist out, for every tenant and anonymous pages; an allowlisted one in", async () => {
    const { token: su } = await login(t.app, 'admin', 'admin123');
    const { token: demo } = await login(t.app, 'demo', 'demo123');
    const refused = await post(
      t.app,
      '/api/map/config',
      { tileUrl: 'https://tiles.tenant.example/{z}/{x}/{y}.png' },
      { token: demo },
    );
    expect([refused.code, refused.key]).toEqual([400, 'mapHostNotAllowed']);
    // Even one stored behind the route's back (an older version saved any host) stays out.
    await t.app.db
      .insert(settings)
      .values({
        key: tenantKey(await tenantId(t.app, 'Demo Site')),
        value: JSON.stringify({ tileUrl: 'https://legacy.tenant.example/{z}/{x}/{y}.png' }),
      })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: JSON.stringify({ tileUrl: 'https://legacy.tenant.example/{z}/{x}/{y}.png' }) },
      });
    t.clock.advance(31_000);
    for (const token of [demo, undefined]) {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/login', headers: token ? { authorization: token } : {} })).headers[
          'content-security-policy'
        ],
      );
      expect(csp).not.toContain('tenant.example');
    }
    // The super administrator allows a host: tenants may pick it, and it is in the policy.
    expect(
      (await post(t.app, '/api/map/config', { allowedHosts: ['https://maps.allowed.example'] }, { token: su })).code,
    ).toBe(0);
    const picked = await post(
      t.app,
      '/api/map/config',
      { tileUrl: 'https://maps.allowed.example/{z}/{x}/{y}.png' },
      { token: demo },
    );
    expect(picked.code, picked.msg).toBe(0);
    t.clock.advance(31_000);
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/maps\.allowed\.example/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/maps\.allowed\.example/);
    expect(csp).not.toContain('tenant.example');
  });

  it('let the console reach the tile and style hosts an administrator configured', async () => {
    const { token } = await login(t.app, 'admin', 'admin123');
    const saved = await post(
      t.app,
      '/api/map/config',
      { tileUrl: 'https://tiles.example.net/{z}/{x}/{y}.png', styleUrl: 'https://styles.example.com/style.json' },
      { token },
    );
    expect(saved.code).toBe(0);
    // The hosts are read again every 30 s.
    t.clock.advance(31_000);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: blob: [^;]*https:\/\/tiles\.example\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.example\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/styles\.example\.com/);
  });
});

describe('the boot script of index.html', () => {
  it('is allowed by its hash, and no other inline script is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csp-static-'));
    const boot = "document.documentElement.dir = 'rtl';";
    writeFileSync(
      join(dir, 'index.html'),
      `<html><head><script>${boot}</script><script type="module" src="/assets/a.js"></script></head></html>`,
    );
    const t = await buildTestApp({ config: { staticDir: dir } });
    try {
      const csp = String((await t.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy']);
      const hash = createHash('sha256').update(boot).digest('base64');
      expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, (c) => `\\${c}`)}';`));
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/api/docs', () => {
  it('is off in production unless API_DOCS=1', async () => {
    for (const [apiDocs, status] of [
      [false, 404],
      [true, 200],
    ] as const) {
      const t = await buildTestApp({ config: { env: 'production', apiDocs } });
      try {
        expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(status);
      } finally {
        await t.close();
      }
    }
    const dev = await buildTestApp();
    try {
      expect((await dev.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
    // Two production apps each migrate and seed a database of their own (no template): over 30 s
    // on a quiet 2-core machine since the lists' trigram indexes.
  }, 120_000);
});
