import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import errorsPlugin from '../../../src/server/plugins/errors';
import { buildTestApp, post, type TestApp } from '../helper';

const staticDir = mkdtempSync(join(tmpdir(), 'console-static-'));
let t: TestApp;
beforeAll(async () => {
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ config: { staticDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('envelope and errors', () => {
  it('answers bad input with code 400 on HTTP 200, never 500', async () => {
    const cases: unknown[] = [
      {},
      { username: 5, password: [] },
      'text',
      [1, 2],
      { username: 'x'.repeat(100), password: 'y' },
    ];
    for (const body of cases) {
      const res = await post(t.app, '/api/auth/auth/login', body);
      expect(res.status).toBe(200);
      expect(res.code).toBe(400);
      expect(res.key).toBeTruthy();
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, key: 'jsonMalformed' });
  });

  it('answers unknown API routes with code 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nowhere/at/all' });
    expect(res.json()).toMatchObject({ code: 404, key: 'routeNotFound' });
    const get = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(get.json()).toMatchObject({ code: 404 });
  });

  it('turns a thrown error into code 500 "internal" without a stack, and logs it', async () => {
    const logged: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, key: 'internal', msg: expect.any(String), data: null });
    expect(res.body).not.toContain('secret detail');
    expect(logged.join('')).toContain('secret detail');
    await app.close();
  });
});

describe('health and docs', () => {
  it('reports the database, broker and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        broker: process.env.MQTT_URL ? 'external' : 'embedded',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      },
    });
  });

  it('serves an OpenAPI document generated from the schemas, listing the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['login', 'sendSmsCode', 'smsLogin', 'visitorLogin', 'logout', 'changePassword', 'userInfo']) {
      expect(doc.paths).toHaveProperty([`/api/auth/auth/${p}`, 'post']);
    }
    expect(doc.paths).toHaveProperty(['/api/auth/ticket/create', 'post']);
    expect(doc.paths).toHaveProperty(['/api/user/per/getNavigationBar', 'post']);
    // public routes need no token; the rest declare the token scheme
    expect(doc.paths['/api/auth/auth/login']!.post).toMatchObject({ security: [] });
    expect(doc.paths['/api/auth/auth/logout']!.post).not.toHaveProperty('security');
    const login = JSON.stringify(doc.paths['/api/auth/auth/login']!.post!.requestBody);
    expect(login).toContain('username');
    expect(login).toContain('password');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('static console', () => {
  it('serves index.html for client routes (SPA fallback) without caching', async () => {
    for (const url of ['/', '/DeviceList', '/map/alarmList', '/mqtt']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>console</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves sw.js uncached, hashed assets immutable, and 404s missing files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).headers['cache-control']).toContain(
      'immutable',
    );
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404);
  });

  it('says to build when there is no console', async () => {
    const bare = await buildTestApp({ config: { staticDir: join(staticDir, 'none') } });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/' });
      expect(res.body).toContain('npm run build');
    } finally {
      await bare.close();
    }
  });
});
