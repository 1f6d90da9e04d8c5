import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/shared/auth';
import {
  LOGIN_FAILURE_WINDOW_MS,
  SMS_MAX_SENDS_PER_PHONE,
  SMS_MAX_TRIES,
  SMS_RESEND_MS,
  SMS_VALID_MS,
} from '../../../src/shared/constants';
import { createLocalSmsProvider } from '../../../src/server/auth/sms';
import { buildTestApp, post, type TestApp } from '../helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const PHONE = '13800000000';
const SEND = '/api/auth/auth/sendSmsCode';
const LOGIN = '/api/auth/auth/smsLogin';
const send = (phone: string, ip = '10.5.0.1') => post(t.app, SEND, { phone }, { ip });
const smsLogin = (phone: string, code: string, ip = '10.5.0.1') =>
  post<UserInfo>(t.app, LOGIN, { phone, code, language: 'CN' }, { ip });

describe('local SMS provider', () => {
  it('writes the message to the service log at info level', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const provider = createLocalSmsProvider({
      info: ((obj: object, msg: string) => lines.push({ obj, msg })) as never,
      warn: (() => {}) as never,
      debug: (() => {}) as never,
    });
    await provider.send(PHONE, 'your code is 123456');
    expect(lines).toEqual([
      { obj: expect.objectContaining({ phone: PHONE }), msg: `SMS to ${PHONE}: your code is 123456` },
    ]);
  });

  it('keeps the text out of the info log in production (debug level only)', async () => {
    const info: string[] = [];
    const debug: string[] = [];
    const provider = createLocalSmsProvider(
      {
        info: ((_o: object, msg: string) => info.push(msg)) as never,
        warn: (() => {}) as never,
        debug: ((_o: object, msg: string) => debug.push(msg)) as never,
      },
      undefined,
      true,
    );
    await provider.send(PHONE, 'your code is 123456');
    expect(info.join(' ')).not.toContain('123456');
    expect(info.join(' ')).toContain(PHONE);
    expect(debug.join(' ')).toContain('123456');
  });

  it('appends each message to the outbox file when one is given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    try {
      const file = join(dir, 'sms-outbox.log');
      const provider = createLocalSmsProvider(
        { info: (() => {}) as never, warn: (() => {}) as never, debug: (() => {}) as never },
        file,
      );
      await provider.send(PHONE, 'your code is 123456');
      await provider.send('13900000000', 'your code is 654321');
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^\\S+ ${PHONE} your code is 123456$`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMS login', () => {
  it.each(['12345', '12800000000', '138000000001', 'abcdefghijk'])('rejects the phone %s', async (phone) => {
    const res = await send(phone);
    expect(res).toMatchObject({ code: 400, key: 'phoneInvalid' });
    expect(res.msg).toContain('phone');
  });

  it('sends a 6-digit code, refuses a second send within 60 s, and logs in with it', async () => {
    const first = await send(PHONE);
    expect(first).toMatchObject({ code: 0, key: 'smsSent' });
    const code = t.sms.lastCode(PHONE);
    expect(code).toMatch(/^\d{6}$/);

    expect(await send(PHONE)).toMatchObject({ code: 429, key: 'smsTooSoon' });
    expect(t.sms.sent.filter((m) => m.phone === PHONE)).toHaveLength(1);

    const res = await smsLogin(PHONE, code!);
    expect(res.code).toBe(0);
    expect(res.data.username).toBe('demo');
    expect(res.headers.authorization).toBeTruthy();
    // a code works once
    expect((await smsLogin(PHONE, code!)).key).toBe('smsInvalid');
  });

  it('voids the code after 5 wrong tries, even for the right code', async () => {
    t.clock.advance(SMS_RESEND_MS);
    await send(PHONE);
    const code = t.sms.lastCode(PHONE)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_MAX_TRIES; i++) expect((await smsLogin(PHONE, wrong, '10.5.1.1')).key).toBe('smsInvalid');
    expect(await smsLogin(PHONE, code, '10.5.1.2')).toMatchObject({ code: 400, key: 'smsInvalid' });
  });

  it('refuses an expired code', async () => {
    t.clock.advance(SMS_RESEND_MS);
    await send(PHONE);
    const code = t.sms.lastCode(PHONE)!;
    t.clock.advance(SMS_VALID_MS + 1);
    expect(await smsLogin(PHONE, code, '10.5.2.1')).toMatchObject({ code: 400, key: 'smsInvalid' });
  });

  it('answers a phone without an account like any other, but sends nothing', async () => {
    const before = t.sms.sent.length;
    expect(await send('13900000009')).toMatchObject({ code: 0, key: 'smsSent' });
    expect(t.sms.sent.length).toBe(before);
    expect((await send('13900000009')).key).toBe('smsTooSoon');
    expect((await smsLogin('13900000009', '123456', '10.5.3.1')).key).toBe('smsInvalid');
  });
});

describe('SMS sending limits', () => {
  it('limits the codes sent to one phone, whatever address asks, and answers 429 with Retry-After', async () => {
    const phone = '13900000077';
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1);
    for (let i = 0; i < SMS_MAX_SENDS_PER_PHONE; i++) {
      expect((await send(phone, `10.6.0.${i}`)).code).toBe(0);
      t.clock.advance(SMS_RESEND_MS + 1);
    }
    const res = await t.app.inject({ method: 'POST', url: SEND, payload: { phone }, remoteAddress: '10.6.1.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 429, key: 'tooManyAttempts' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone is not affected.
    expect((await send('13900000078', '10.6.1.1')).code).toBe(0);
  });
});
