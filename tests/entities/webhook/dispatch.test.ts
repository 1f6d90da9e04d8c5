// The webhook outbox across restarts and replicas: a delivery is neither lost nor repeated.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OUTBOX_STATE } from '../../../src/server/db/tables';
import { Outbox, BACKOFF_MS, LEASE_MS } from '../../../src/server/integrations/outbox';
import { type TargetKind, type Transport } from '../../../src/server/integrations/target';
import { type TestApp } from '../../server/helper';
import { addDevices } from '../../server/ingest-helper';
import type { Receiver } from '../../server/webhook-receiver';
import { until, webhookTestbed } from '../../server/webhook-testbed';
import { webhooks } from '../../../src/entities/webhook/table';
import { webhookKind, WebhookTransport, type WebhookTarget } from '../../../src/entities/webhook/target';

let t: TestApp;
let rx: Receiver;
const { addHook, at, rowsOf, sos } = webhookTestbed((bed) => ({ t, rx } = bed));

/** The app's webhook kind over its database, with a transport of the test's choosing. */
function kindWith(transport: Transport<WebhookTarget>): TargetKind<unknown> {
  return webhookKind({ db: t.app.db, clock: t.clock, transport }) as TargetKind<unknown>;
}
const realTransport = () => new WebhookTransport({ allowPrivate: true, userAgent: 'test', clock: t.clock });
const outboxWith = (transport: Transport<WebhookTarget>) =>
  new Outbox({ db: t.app.db, clock: t.clock, log: t.app.log, kinds: [kindWith(transport)] });

describe('restarts and replicas', () => {
  it('a restart between two attempts neither loses nor repeats the delivery', async () => {
    const { id, path } = await addHook(['alarm.raised']);
    rx.answer(path, { status: 500 });
    await sos();
    await t.app.outbox.drain();
    expect(at(path)).toHaveLength(1);
    // The process that made the first attempt is gone; another starts on the same database.
    const next = outboxWith(realTransport());
    t.clock.advance(BACKOFF_MS[0]);
    await next.drain();
    await next.drain();
    await t.app.outbox.drain();
    await next.close();
    expect(at(path)).toHaveLength(2);
    expect(at(path)[1]!.headers['x-idempotency-key']).toBe(at(path)[0]!.headers['x-idempotency-key']);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ state: OUTBOX_STATE.delivered, attempts: 2 });
  });

  it('a dispatcher that dies mid-delivery: its claim comes back after the lease, to another', async () => {
    const { id, path } = await addHook(['door.call']);
    const [unit] = await addDevices(t.app, 1, { kind: 'doorUnit' });
    // The dying one never answers: its requests hang like a process killed while sending.
    const hung: Transport<WebhookTarget> = { deliver: () => new Promise(() => {}), close: async () => {} };
    const dying = outboxWith(hung);
    const [tenant] = await t.app.db.select({ tenantId: webhooks.tenantId }).from(webhooks).where(eq(webhooks.id, id));
    dying.publish({
      event: {
        id: `door.call:${unit!.id}:1`,
        version: 1,
        type: 'door.call',
        tenantId: tenant!.tenantId,
        occurredAt: new Date(t.clock.now()).toISOString(),
        data: {},
      },
    });
    await until(async () => (await rowsOf(id)).length === 1);
    await until(async () => (await rowsOf(id))[0]!.nextAt.getTime() > t.clock.now());
    const other = outboxWith(realTransport());
    await other.drain();
    expect(at(path)).toHaveLength(0);
    t.clock.advance(LEASE_MS);
    await other.drain();
    expect(at(path)).toHaveLength(1);
    expect((await rowsOf(id))[0]).toMatchObject({ state: OUTBOX_STATE.delivered });
    await other.close();
  });

  it('two dispatchers on one database deliver each event once', async () => {
    const { id, path } = await addHook(['door.call']);
    const [tenant] = await t.app.db.select({ tenantId: webhooks.tenantId }).from(webhooks).where(eq(webhooks.id, id));
    const a = outboxWith(realTransport());
    const b = outboxWith(realTransport());
    for (let i = 0; i < 40; i++)
      (i % 2 ? a : b).publish({
        event: {
          id: `door.call:two:${i}`,
          version: 1,
          type: 'door.call',
          tenantId: tenant!.tenantId,
          occurredAt: new Date(t.clock.now()).toISOString(),
          data: { i },
        },
      });
    // The same events published by both (a retry of the source, a second replica): one row each.
    for (let i = 0; i < 40; i++)
      (i % 2 ? b : a).publish({
        event: {
          id: `door.call:two:${i}`,
          version: 1,
          type: 'door.call',
          tenantId: tenant!.tenantId,
          occurredAt: new Date(t.clock.now()).toISOString(),
          data: { i },
        },
      });
    await Promise.all([a.drain(), b.drain()]);
    await Promise.all([a.drain(), b.drain()]);
    const keys = at(path).map((r) => r.headers['x-idempotency-key']);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
    await Promise.all([a.close(), b.close()]);
  });
});
