// Server-side request forgery: with WEBHOOK_ALLOW_PRIVATE=false (the production default) an endpoint
// on a private, loopback or link-local address is refused when added and again at delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationKey, seal } from '../../../src/server/integrations/secret-box';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantIdOf } from '../../server/ingest-helper';
import { Receiver } from '../../server/webhook-receiver';
import { webhooks } from '../../../src/entities/webhook/table';

const SECRET = 'whsec-test-0123456789abcdef';
const BASE = '/api/integration/webhook';

describe('server-side request forgery (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let strict: TestApp;
  let token: string;
  let rx: Receiver;
  beforeAll(async () => {
    strict = await buildTestApp({ config: { webhookAllowPrivate: false } });
    token = (await login(strict.app, 'demo', 'demo123')).token;
    rx = await Receiver.start();
  });
  afterAll(async () => {
    await strict?.close();
    await rx?.close();
  });

  it('refuses private, loopback, link-local and unspecified addresses and names that resolve to them at add', async () => {
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://10.1.2.3/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://0.0.0.0/x',
      'http://localhost/x',
      'https://192.168.1.10/x',
    ]) {
      const res = await post(
        strict.app,
        `${BASE}/add`,
        { name: 'x', url, events: ['alarm.raised'], secret: SECRET },
        { token },
      );
      expect(res.key, url).toBe('webhookUrlPrivate');
    }
  });

  it('refuses them at delivery too (a row written before, DNS rebinding): nothing reaches the receiver', async () => {
    // Rows written past the add's check: a name that pointed elsewhere when it was added.
    const tenantId = await tenantIdOf(strict.app, 'Demo Site');
    const sealed = seal(await integrationKey(strict.app.db), SECRET);
    const before = rx.received.length;
    const port = new URL(rx.url).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      const [w] = await strict.app.db
        .insert(webhooks)
        .values({
          tenantId,
          name: host,
          url: `http://${host}:${port}/rebound`,
          events: ['alarm.raised'],
          secret: sealed,
          secretHint: '••••',
        })
        .returning({ id: webhooks.id });
      const res = await post<{ ok: boolean; excerpt: string }>(strict.app, `${BASE}/test`, { id: w!.id }, { token });
      expect(res.data.ok, host).toBe(false);
      expect(res.data.excerpt, host).toMatch(/refused: .* private, loopback or link-local/);
    }
    expect(rx.received.length).toBe(before);
  });
});
