import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmPatch, AlarmRecord } from '../../../src/shared/alarms/push';
import { alarmText } from '../../../src/server/escalation/text';
import type { AlarmTimeline } from '../../../src/shared/alarms/api';
import { DEMO_CONTACT } from '../../../src/entities/escalation-policy';
import { alarmEscalations, alarmRecords, devices } from '../../../src/server/db/schema';
import { ACK_LINK_TTL_MS, ackLinkSecret, signAckToken, verifyAckToken } from '../../../src/server/notify/ack-link';
import { langOf, readPoCatalog } from '../../../src/server/notify/ack-page';
import { alarmsOf, send } from '../alarms-helper';
import { buildTestApp, login, post, type TestApp } from '../helper';
import { addDevices } from '../ingest-helper';

describe('reply-link tokens', () => {
  const claims = { alarmId: 123_456, tenantId: 7, label: '张三', exp: 1_800_000_000_000 };

  it('round-trip: the claims come back from a genuine token', () => {
    const token = signAckToken('s3cret', claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){4}$/);
    expect(verifyAckToken('s3cret', token, claims.exp - 1)).toEqual({ ok: true, claims });
    // Short enough for an SMS, unguessable: 128 bits of signature.
    expect(token.length).toBeLessThan(60);
    expect(Buffer.from(token.split('.')[4]!, 'base64url')).toHaveLength(16);
  });

  it("a phone's token names the user it was pushed to, and that part cannot be added or changed", () => {
    const pushed = { ...claims, pushedTo: 42 };
    const token = signAckToken('s3cret', pushed);
    expect(token.split('.')).toHaveLength(6);
    expect(verifyAckToken('s3cret', token, claims.exp - 1)).toEqual({ ok: true, claims: pushed });
    const parts = token.split('.');
    const otherUser = [...parts.slice(0, 4), (43).toString(36), parts[5]].join('.');
    expect(verifyAckToken('s3cret', otherUser, 0)).toEqual({ ok: false, reason: 'invalid' });
    // An SMS link's token made into a phone's by adding a user: refused.
    const sms = signAckToken('s3cret', claims).split('.');
    const added = [...sms.slice(0, 4), (42).toString(36), sms[4]].join('.');
    expect(verifyAckToken('s3cret', added, 0)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a tampered token, another secret and an expired one', () => {
    const token = signAckToken('s3cret', claims);
    const parts = token.split('.');
    const other = signAckToken('s3cret', { ...claims, alarmId: 999 }).split('.');
    // Another alarm, another company or another name under the first token's signature.
    for (const i of [0, 1, 3]) {
      const forged = parts.map((p, j) => (j === i ? (other[i] === p ? 'zz' : other[i]!) : p)).join('.');
      expect(verifyAckToken('s3cret', forged, 0)).toEqual({ ok: false, reason: 'invalid' });
    }
    const tenant8 = [parts[0], (8).toString(36), ...parts.slice(2)].join('.');
    expect(verifyAckToken('s3cret', tenant8, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAckToken('s3cret', `${parts.slice(0, 4).join('.')}.AAAAAAAAAAAAAAAAAAAAAA`, 0)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyAckToken('other', token, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAckToken('s3cret', `${token}.x`, 0)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyAckToken('s3cret', token, claims.exp)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('the texts of an escalation', () => {
  it('carry the reply link in the SMS and the e-mail, never in the spoken text', () => {
    const alarm = {
      id: 5,
      type: 15,
      title: 'SOS',
      imei: '860000000000001',
      deviceName: '安全帽 1',
      personName: '张三',
      personPhone: '13800000000',
      location: null,
      createdAt: '2026-11-27T01:00:00.000Z',
    } as unknown as AlarmRecord;
    const link = 'https://console.example.com/api/ack/5.1.abc.MTM5.sig';
    for (const lang of ['cn', 'en'] as const) {
      const text = alarmText(alarm, 1, lang, 'Asia/Shanghai', link);
      expect(text.short.endsWith(link)).toBe(true);
      expect(text.long).toContain(link);
      expect(text.spoken).not.toContain(link);
      expect(alarmText(alarm, 1, lang, 'Asia/Shanghai').short).not.toContain('http');
    }
  });
});

describe('the page language', () => {
  it('follows Accept-Language, zh as cn, the source language otherwise', () => {
    expect(langOf('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(langOf('zh-CN,zh;q=0.9')).toBe('cn');
    expect(langOf('ja,ar;q=0.5')).toBe('ar');
    expect(langOf(undefined)).toBe('cn');
  });

  it('reads PO catalogs, multi-line strings included', () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "a"\nmsgstr ""\n"x "\n"y"\n\nmsgid "b"\nmsgstr ""\n';
    expect([...readPoCatalog(po)]).toEqual([['a', 'x y']]);
  });
});

describe('acknowledging by the link of an escalation SMS', () => {
  let t: TestApp;
  let demo: string;
  const pushed: { tenantId: number; ids: number[]; patch: AlarmPatch }[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ embeddedBroker: true });
    demo = (await login(t.app, 'demo', 'demo123')).token;
    t.app.alarmHub.on('updated', (tenantId, ids, patch) => pushed.push({ tenantId, ids, patch }));
  });
  afterAll(() => t?.close());

  /** An SOS of a demo helmet with the demo's emergency contact, escalated to the SMS step (45 s). */
  async function texted(): Promise<{ alarmId: number; tenantId: number; token: string; url: string }> {
    const raisedAt = t.clock.now();
    const [d] = await addDevices(t.app, 1, { kind: 'helmet' });
    await t.app.db
      .update(devices)
      .set({ settings: { contacts: [DEMO_CONTACT] } })
      .where(eq(devices.id, d!.id));
    await send(t.app, d!.imei, { kind: 'alarm', alarm: 'sos', ts: t.clock.now() });
    const [alarm] = await alarmsOf(t.app, d!.id);
    await t.app.escalation.drain();
    t.clock.advance(raisedAt + 45_000 - t.clock.now());
    await t.app.escalation.drain();
    const sms = t.sms.sent.filter((m) => m.phone === DEMO_CONTACT.phone).at(-1)!;
    const match = /(https?:\/\/\S+)\/api\/ack\/([A-Za-z0-9_.-]+)$/.exec(sms.text);
    expect(match, sms.text).not.toBeNull();
    return { alarmId: alarm!.id, tenantId: alarm!.tenantId, url: `/api/ack/${match![2]}`, token: match![2]! };
  }

  const record = async (id: number) => (await t.app.db.select().from(alarmRecords).where(eq(alarmRecords.id, id)))[0]!;
  const escalation = async (id: number) =>
    (await t.app.db.select().from(alarmEscalations).where(eq(alarmEscalations.alarmId, id)))[0]!;

  it('GET shows the alarm and the button without acknowledging; POST acknowledges once, as the contact', async () => {
    const { alarmId, url, token } = await texted();
    expect(t.sms.sent.filter((m) => m.phone === DEMO_CONTACT.phone).at(-1)!.text).toMatch(/我来处理：http/);

    const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<form method="post"><button type="submit">我来处理</button></form>');
    expect(page.body).toContain('SOS求救');
    expect(page.body).toContain('data-state="open"');
    // A link previewer's GET changes nothing.
    expect((await record(alarmId)).ackedAt).toBeNull();
    expect((await escalation(alarmId)).state).toBe(0);

    // Translated: the same page in German.
    const de = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
    expect(de.body).toContain('<html lang="de" dir="ltr">');
    expect(de.body).not.toContain('>我来处理<');

    pushed.length = 0;
    const first = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('data-state="done"');
    const acked = await record(alarmId);
    expect(acked).toMatchObject({ ackedBy: null, ackedByName: DEMO_CONTACT.phone, read: 1 });
    expect(acked.ackedAt).not.toBeNull();
    // The escalation stops and every console is told (9002 with who took it).
    expect(await escalation(alarmId)).toMatchObject({ state: 1, dueAt: null });
    expect(pushed).toEqual([
      {
        tenantId: acked.tenantId,
        ids: [alarmId],
        patch: { read: 1, ackedAt: new Date(acked.ackedAt!).toISOString(), ackedByName: DEMO_CONTACT.phone },
      },
    ]);

    // A second press (or another recipient) is told who has it; nothing changes.
    const second = await t.app.inject({ method: 'POST', url });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain(`已由 ${DEMO_CONTACT.phone} 接手`);
    expect(pushed).toHaveLength(1);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('data-state="taken"');
    expect(again.body).not.toContain('<form');

    // The console's own alarm/ack answers that it is taken, and the timeline shows by whom.
    const ack = await post<{ updated: number; taken: { id: number; ackedByName: string }[] }>(
      t.app,
      '/api/device/alarm/ack',
      { ids: [alarmId] },
      { token: demo },
    );
    expect(ack.data).toMatchObject({ updated: 0, taken: [{ id: alarmId, ackedByName: DEMO_CONTACT.phone }] });
    const timeline = await post<AlarmTimeline>(t.app, '/api/device/alarm/timeline', { id: alarmId }, { token: demo });
    expect(timeline.data.entries.find((e) => e.kind === 'acknowledged')).toMatchObject({ by: DEMO_CONTACT.phone });
    expect(token).not.toContain(DEMO_CONTACT.phone);
  });

  it('refuses tampered, expired and other-company tokens with a page and nothing acknowledged', async () => {
    const { alarmId, tenantId, url, token } = await texted();
    const parts = token.split('.');
    const tampered = `/api/ack/${[(alarmId + 1).toString(36), ...parts.slice(1)].join('.')}`;
    for (const method of ['GET', 'POST'] as const) {
      const bad = await t.app.inject({ method, url: tampered });
      expect(bad.statusCode).toBe(403);
      expect(bad.body).toContain('此链接无效');
      expect(bad.body).not.toContain('<form');
    }
    const german = await t.app.inject({ method: 'GET', url: tampered, headers: { 'accept-language': 'de' } });
    expect(german.statusCode).toBe(403);
    expect(german.body).not.toContain('此链接无效');

    // A genuine token of another company naming this alarm: as missing as an unknown one.
    const secret = await ackLinkSecret(t.app.db);
    const foreign = signAckToken(secret, {
      alarmId,
      tenantId: tenantId + 1,
      label: 'intruder',
      exp: t.clock.now() + 60_000,
    });
    const cross = await t.app.inject({ method: 'POST', url: `/api/ack/${foreign}` });
    expect(cross.statusCode).toBe(404);
    expect((await record(alarmId)).ackedAt).toBeNull();

    // A day later the link no longer works.
    t.clock.advance(ACK_LINK_TTL_MS + 1000);
    const late = await t.app.inject({ method: 'POST', url });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('此链接已过期');
    expect((await record(alarmId)).ackedAt).toBeNull();
  });
});
