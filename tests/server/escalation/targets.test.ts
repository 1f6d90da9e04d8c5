import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmNotifications, devices } from '../../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../helper';
import { addDevices } from '../ingest-helper';
import { alarmsOf, send } from '../alarms-helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ embeddedBroker: true });
});
afterAll(() => t?.close());

describe('the contacts step of a sweep with many alarms (src/server/escalation/targets.ts)', () => {
  it("texts each device's own emergency contacts, once, whatever else is due with it", async () => {
    const raisedAt = t.clock.now();
    const helmets = await addDevices(t.app, 3, { kind: 'helmet' });
    const phones = ['13900000031', '13900000032'];
    // Two helmets with a contact each (one of them with a second, without a number), one with none.
    await t.app.db
      .update(devices)
      .set({ settings: { contacts: [{ name: 'A', phone: phones[0]!, relation: '家属' }] } })
      .where(eq(devices.id, helmets[0]!.id));
    await t.app.db
      .update(devices)
      .set({
        settings: {
          contacts: [
            { name: 'B', phone: phones[1]!, relation: '家属' },
            { name: 'C', phone: '', relation: '朋友' },
          ],
        },
      })
      .where(eq(devices.id, helmets[1]!.id));
    await t.app.db
      .update(devices)
      .set({ settings: { contacts: [] } })
      .where(eq(devices.id, helmets[2]!.id));
    for (const h of helmets) await send(t.app, h.imei, { kind: 'alarm', alarm: 'sos', ts: raisedAt });
    await t.app.escalation.drain();

    // The demo's SOS policy texts the contacts at 45 s: the three alarms' steps come due in one sweep.
    t.clock.advance(raisedAt + 45_000 - t.clock.now());
    await t.app.escalation.drain();
    const contactSteps = await Promise.all(
      helmets.map(async (h) => {
        const [alarm] = await alarmsOf(t.app, h.id);
        const rows = await t.app.db
          .select()
          .from(alarmNotifications)
          .where(and(eq(alarmNotifications.alarmId, alarm!.id), eq(alarmNotifications.step, 3)));
        return rows.map((n) => [n.channel, n.target]);
      }),
    );
    expect(contactSteps).toEqual([[['sms', phones[0]]], [['sms', phones[1]]], [['none', 'contacts']]]);
    expect(
      t.sms.sent
        .filter((m) => phones.includes(m.phone))
        .map((m) => m.phone)
        .sort(),
    ).toEqual(phones);
  });
});
