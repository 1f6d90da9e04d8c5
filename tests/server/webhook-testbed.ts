// What the webhook entity's test files share (tests/entities/webhook/*.test.ts): a test app of the
// demo site whose escalation calls and mails are recorded, its administrator's token, a receiver,
// and helpers over them.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { integrationOutbox } from '../../src/server/db/tables';
import { alarmsOf, send } from './alarms-helper';
import { buildTestApp, login, post, type TestApp } from './helper';
import { addDevices } from './ingest-helper';
import { Receiver } from './webhook-receiver';

export const SECRET = 'whsec-test-0123456789abcdef';
export const BASE = '/api/integration/webhook';

export interface WebhookTestbed {
  t: TestApp;
  demo: string;
  rx: Receiver;
}

/**
 * Builds the app and starts the receiver before the file's tests (handing them to `ready`, so the
 * file keeps them in its own variables), closes both after, and returns the helpers.
 */
export function webhookTestbed(ready: (bed: WebhookTestbed) => void) {
  const bed = {} as WebhookTestbed;
  beforeAll(async () => {
    bed.t = await buildTestApp();
    // The SOS of these tests escalate on the test clock: their voice calls and mails are recorded,
    // not rendered (on PostgreSQL the local providers would write files).
    Object.assign(bed.t.app.voiceCalls, { name: 'recording', call: async () => {} });
    Object.assign(bed.t.app.email, { name: 'recording', send: async () => {} });
    bed.demo = (await login(bed.t.app, 'demo', 'demo123')).token;
    bed.rx = await Receiver.start();
    ready(bed);
  });
  afterAll(async () => {
    await bed.t?.close();
    await bed.rx?.close();
  });

  return {
    /** A webhook of the demo site on the receiver (a path of its own so its requests are told apart). */
    async addHook(events: string[], extra: Record<string, unknown> = {}): Promise<{ id: number; path: string }> {
      const path = `/hook-${Math.random().toString(36).slice(2)}`;
      const res = await post<{ id: number }>(
        bed.t.app,
        `${BASE}/add`,
        { name: `hook ${path}`, url: `${bed.rx.url}${path}`, events, secret: SECRET, ...extra },
        { token: bed.demo },
      );
      expect(res.code, res.msg).toBe(0);
      return { id: res.data.id, path };
    },
    /** What the receiver got on a path. */
    at: (path: string) => bed.rx.received.filter((r) => r.path === path),
    /** An endpoint's outbox rows, oldest first. */
    rowsOf: (id: number) =>
      bed.t.app.db
        .select()
        .from(integrationOutbox)
        .where(and(eq(integrationOutbox.targetKind, 'webhook'), eq(integrationOutbox.targetId, id)))
        .orderBy(asc(integrationOutbox.id)),
    /** An SOS of a new helmet of the demo site, stored and raised. */
    async sos(): Promise<{ alarmId: number; deviceId: number; imei: string }> {
      const [d] = await addDevices(bed.t.app, 1, { kind: 'helmet' });
      await send(bed.t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: bed.t.clock.now() });
      const [alarm] = await alarmsOf(bed.t.app, d!.id);
      return { alarmId: alarm!.id, deviceId: d!.id, imei: d!.imei };
    },
    /** A test event through the route; the receiver answers from its script. */
    testEvent: (id: number, token = bed.demo) =>
      post<{ ok: boolean; status: number | null; excerpt: string | null }>(
        bed.t.app,
        `${BASE}/test`,
        { id },
        { token },
      ),
  };
}

/** Resolves with `check`'s first truthy (or non-empty) answer, polled every 20 ms for up to `ms`. */
export async function until<T>(check: () => Promise<T> | T, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (Array.isArray(v) ? v.length : v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
