import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/shared/api';
import { buildTestApp, login, type TestApp } from './helper';
import { operations, sample, type Operation } from './openapi';

/**
 * Every route of the OpenAPI document, fed what a careless client or an attacker sends: wrong
 * types, huge and odd text (NUL, lone surrogates, emoji, right-to-left marks), extreme numbers
 * and dates, missing and extra fields. Nothing may answer 5xx (nor the envelope's internal
 * error), and the service must still answer afterwards. Deterministic: a seeded generator.
 */

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HUGE = 'x'.repeat(200_000);
const ODD: unknown[] = [
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '😀🚒🧯'.repeat(50),
  '\u202Eevil\u202C',
  HUGE,
  '',
  ' ',
  1e308,
  -1e308,
  -0,
  2 ** 63,
  -(2 ** 31) - 1,
  0.1,
  'NaN',
  'Infinity',
  true,
  null,
  [],
  {},
  [null, 'a\u0000'],
  { $ne: 1 },
  '-271821-04-20T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1900-01-01',
  '2026-02-30',
  "'; drop table users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
];

/** Bodies for one operation: the plausible one, its fields broken one at a time, and odd wholes. */
function bodies(op: Operation, random: () => number, n: number): unknown[] {
  const base = sample(op.body);
  const props = Object.keys(op.body?.properties ?? {});
  const out: unknown[] = [base, undefined, null, 'text', [base], 42];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const k of op.body?.required ?? []) {
      const { [k]: _gone, ...rest } = base as Record<string, unknown>;
      out.push(rest);
    }
    out.push({ ...base, extraField: pick(ODD), __proto__x: 1 });
    while (out.length < n && props.length) out.push({ ...base, [pick(props)]: pick(ODD) });
    // Nested: an odd value one level down where the body holds objects or arrays.
    for (const k of props.filter((p) => typeof (base as Record<string, unknown>)[p] === 'object').slice(0, 3)) {
      out.push({ ...base, [k]: { nested: pick(ODD), [String(pick(ODD)).slice(0, 20)]: 1 } });
    }
  }
  while (out.length < n) out.push(pick(ODD));
  return out;
}

/** Routes that would end the session the authenticated pass runs on. */
const ENDS_SESSION = /logout|password|pwd/i;
/**
 * Bodies a route gets in the authenticated pass, and the generator's seed. The unit phase sends 10
 * a route from the first seed; the at-scale pass (scripts/test-scale.mjs) 6 from another seed, so
 * the two passes' bodies differ and together cover more than either alone. 16 a route took 130 s
 * of one worker, 40 % of it in exports that a valid body starts (docs/performance.md "Test time").
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/**
 * Bodies sent without a session to a route that wants one. Validation runs before the session
 * check (a preHandler), so such a route judges a body the same for everybody, and the
 * authenticated pass sends it all PER_ROUTE; the anonymous pass checks that it refuses and does
 * not crash. Public routes (login, SMS, tickets) get every body in both passes.
 */
const ANONYMOUS_ON_PROTECTED = 4;

describe('fuzz over every route of the OpenAPI document', () => {
  let t: TestApp;
  let ops: Operation[];
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    ops = operations(res.json());
    ({ token } = await login(t.app, 'demo', 'demo123'));
  });
  afterAll(() => t?.close());

  it('answers every malformed request without a 5xx, and still answers afterwards', async () => {
    expect(ops.length).toBeGreaterThan(100);
    const random = rng(SEED);
    const failures: string[] = [];
    let sent = 0;
    let publicRoutes = 0;
    for (const op of ops) {
      const url = op.path.replace(/\{[^}]+\}/g, () =>
        String(pick(random, ['1', 'x\u0000', '%00', '..%2F..', '99999999999999999999'])),
      );
      for (const auth of [undefined, token]) {
        if (auth && ENDS_SESSION.test(op.path)) continue;
        let list = bodies(op, random, PER_ROUTE);
        for (let i = 0; i < list.length; i++) {
          const body = list[i];
          sent++;
          const res = await t.app.inject({
            method: op.method as 'POST',
            url,
            headers: {
              ...(auth ? { authorization: auth } : {}),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          let code: unknown;
          try {
            code = (res.json() as { code?: unknown }).code;
          } catch {
            code = undefined;
          }
          if (res.statusCode >= 500 || code === Code.INTERNAL) {
            failures.push(
              `${op.method} ${op.path} ${auth ? 'authed' : 'anonymous'} ${JSON.stringify(body)?.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
          // The plausible body first: a session refused means the route is not public.
          if (!auth && i === 0) {
            if (code === Code.SESSION_EXPIRED) list = list.slice(0, ANONYMOUS_ON_PROTECTED);
            else publicRoutes++;
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(sent).toBeGreaterThan(5_000);
    expect(publicRoutes).toBeGreaterThan(5);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // The session survived the authenticated pass: the service still knows who we are.
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/device/device/list',
      headers: { authorization: token },
      payload: { page: 1, size: 5 },
    });
    expect((me.json() as { code: number }).code).toBe(0);
    console.log(
      `fuzz: ${sent} requests over ${ops.length} operations (${publicRoutes} answered without a session), none answered 5xx`,
    );
  }, 600_000);
});

function pick<T>(random: () => number, xs: readonly T[]): T {
  return xs[Math.floor(random() * xs.length)]!;
}
