import { describe, expect, it } from 'vitest';
import { accessRightsParams, inWindow, judge } from '../../src/shared/devices/access';
import { uplinkSchema } from '../../src/shared/devices/protocol';
import { DoorAccess } from '../../src/sim/door-access';

const T0 = Date.UTC(2026, 10, 25, 2, 0); // 10:00 in the unit's UTC+8

describe("the simulated door unit's access logic", () => {
  it('opens for what its list holds now, refuses unknown, revoked, expired, not yet valid and out-of-hours credentials', () => {
    const unit = new DoorAccess();
    const list = accessRightsParams.parse({
      version: 3,
      credentials: [
        { t: 'card', v: 'C1', r: 1 },
        { t: 'card', v: 'C2', r: 2, until: T0 - 1 },
        { t: 'card', v: 'C3', r: 3, from: T0 + 60_000 },
        { t: 'qr', v: 'Q1', r: 4, win: '08:00-12:00' },
        { t: 'qr', v: 'Q2', r: 5, win: '22:00-06:00' },
      ],
    });
    expect(unit.apply(list)).toEqual({ ok: true, msg: 'rights v3: 5 credential(s)' });
    const outcome = (method: 'card' | 'qr', v: string) => unit.present(method, v, T0);
    expect(outcome('card', 'C1')).toEqual({
      kind: 'access',
      method: 'card',
      credential: 'C1',
      granted: true,
      reason: 'ok',
      rightId: 1,
    });
    expect(outcome('card', 'C2')).toMatchObject({ granted: false, reason: 'expired' });
    expect(outcome('card', 'C3')).toMatchObject({ granted: false, reason: 'notYetValid' });
    expect(outcome('qr', 'Q1')).toMatchObject({ granted: true });
    expect(outcome('qr', 'Q2')).toMatchObject({ granted: false, reason: 'outsideWindow' });
    expect(outcome('card', 'NOPE')).toMatchObject({ granted: false, reason: 'unknown' });
    // Every outcome is a valid uplink.
    expect(uplinkSchema.safeParse(outcome('card', 'C1')).success).toBe(true);

    // C1 dropped from the next list: revoked; an older list is refused.
    expect(
      unit.apply({ version: 4, credentials: [{ t: 'qr', v: 'Q1', r: 4 }], revoked: [{ t: 'card', v: 'OLD' }] }).ok,
    ).toBe(true);
    expect(outcome('card', 'C1')).toMatchObject({ granted: false, reason: 'revoked' });
    expect(outcome('card', 'OLD')).toMatchObject({ granted: false, reason: 'revoked' });
    expect(unit.apply({ version: 2, credentials: [] })).toMatchObject({ ok: false });
    expect(unit.size).toBe(1);
  });

  it('armed, reports the next card instead of judging it, once, until the arming expires', () => {
    const unit = new DoorAccess();
    unit.arm(60, T0);
    expect(unit.present('card', 'NEW', T0 + 1000)).toEqual({ kind: 'card', cardInfo: 'NEW' });
    expect(unit.present('card', 'NEW', T0 + 2000)).toMatchObject({ kind: 'access', reason: 'unknown' });
    unit.arm(10, T0);
    expect(unit.present('card', 'LATE', T0 + 11_000)).toMatchObject({ kind: 'access', granted: false });
  });

  it('judges windows across midnight and faces through the verifier hook', async () => {
    expect(inWindow('22:00-06:00', Date.UTC(2026, 0, 1, 15, 30), 480)).toBe(true); // 23:30 local
    expect(inWindow('22:00-06:00', Date.UTC(2026, 0, 1, 4, 0), 480)).toBe(false); // 12:00 local
    expect(judge(undefined, T0, 480)).toBe('unknown');
    const unit = new DoorAccess();
    unit.apply({ version: 1, credentials: [{ t: 'face', v: '31', r: 9 }] });
    expect(await unit.presentFace(new Uint8Array([1]), T0)).toMatchObject({ granted: false, reason: 'noMatch' });
    unit.verifyFace = async () => ({ sampleId: '31', score: 0.91 });
    expect(await unit.presentFace(new Uint8Array([1]), T0)).toMatchObject({
      method: 'face',
      credential: '31',
      granted: true,
      rightId: 9,
      score: 0.91,
    });
    unit.verifyFace = async () => ({ sampleId: null, score: 0.2 });
    expect(await unit.presentFace(new Uint8Array([1]), T0)).toMatchObject({ granted: false, reason: 'noMatch' });
  });
});
