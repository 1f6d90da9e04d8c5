/**
 * No credential reaches the service log: passwords, session tokens, SMS codes and auto-login
 * ticket keys stay out of every line the logger writes during the login, SMS and ticket flows.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketInfo } from '../../../src/shared/auth';
import { redactUrl } from '../../../src/server/auth/log-redact';
import { buildTestApp, login, post, type TestApp } from '../helper';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'trace', stream }, config: { publicUrl: 'https://console.example' } });
});
afterAll(() => t?.close());

describe('service log', () => {
  it('carries no password, session token, SMS code or ticket key', async () => {
    const secrets: string[] = ['demo123', 'wrong-pass-xyz'];
    await post(t.app, '/api/auth/auth/login', { username: 'demo', password: 'wrong-pass-xyz' }, { ip: '10.8.0.1' });
    const { token } = await login(t.app, 'demo', 'demo123', '10.8.0.2');
    secrets.push(token);

    expect((await post(t.app, '/api/auth/auth/sendSmsCode', { phone: '13800000000' }, { ip: '10.8.0.3' })).code).toBe(
      0,
    );
    const code = t.sms.lastCode('13800000000')!;
    const sms = await post(
      t.app,
      '/api/auth/auth/smsLogin',
      { phone: '13800000000', code, language: 'CN' },
      { ip: '10.8.0.3' },
    );
    expect(sms.code).toBe(0);
    secrets.push(code, String(sms.headers.authorization));

    const ticket = (await post<TicketInfo>(t.app, '/api/auth/ticket/create', { imei: '860000000000001' }, { token }))
      .data;
    const exchanged = await post(
      t.app,
      '/api/auth/ticket/exchange',
      { key: ticket.key, language: 'CN' },
      { ip: '10.8.0.4' },
    );
    expect(exchanged.code).toBe(0);
    secrets.push(ticket.key, encodeURIComponent(ticket.key), String(exchanged.headers.authorization));
    // Opening the link itself is a logged request.
    await t.app.inject({ method: 'GET', url: new URL(ticket.url).pathname + new URL(ticket.url).search });

    const log = lines.join('');
    expect(log).toContain('incoming request'); // the logger did write
    expect(log).toContain('/ProDeviceList?imei=860000000000001&key=%5Bredacted%5D');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it('redacts credential query parameters and leaves others', () => {
    expect(redactUrl('/ProDeviceList?imei=1&key=abc.def')).toBe('/ProDeviceList?imei=1&key=%5Bredacted%5D');
    expect(redactUrl('/api/voice/ws?token=t0k')).toBe('/api/voice/ws?token=%5Bredacted%5D');
    expect(redactUrl('/api/x?page=2')).toBe('/api/x?page=2');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});
