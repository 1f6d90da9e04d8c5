import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, login, post, type TestApp } from '../../server/helper';
import { tenantId } from '../../server/fixtures';
import { list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { remindDueInspections } from '../../../src/entities/annual-inspection/remind';
import { DEFAULT_REMIND_DAYS, INSPECTION_DUE } from '../../../src/entities/annual-inspection/resource';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let t: TestApp;
let demo: string;
let demoTenant: number;
let other: string;

const api = <T = Row>(path: string, body: unknown, token = demo) =>
  post<T>(t.app, `/api/user/annualInspection/${path}`, body, { token });

beforeAll(async () => {
  t = await buildTestApp();
  demo = (await login(t.app, 'demo', 'demo123')).token;
  demoTenant = await tenantId(t.app, 'Demo Site');
  other = (await tenantWithAdmin(t.app, 'Other Inspection Co', 'otherinspect')).token;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

describe('annual inspections', () => {
  it('the demo has one due within 7 days and one overdue', async () => {
    const rows = (await list(t.app, 'annualInspection', { size: 50 }, demo)).rows;
    expect(rows.some((r) => r.due === INSPECTION_DUE.overdue)).toBe(true);
    expect(
      rows.some((r) => r.due === INSPECTION_DUE.dueSoon && Date.parse(String(r.nextAt)) - Date.now() <= 7 * DAY),
    ).toBe(true);
    expect(
      (await list(t.app, 'annualInspection', { filters: { due: INSPECTION_DUE.overdue } }, demo)).rows.every(
        (r) => r.due === INSPECTION_DUE.overdue,
      ),
    ).toBe(true);
  });

  it('the next time must be after this one; the reminder lead defaults to 7 days', async () => {
    expect((await api('add', { name: 'x', inspector: 'y', inspectedAt: '2030-01-10', nextAt: '2030-01-10' })).key).toBe(
      'inspectionNextBeforeTime',
    );
    const ok = await api('add', { name: '塔吊', inspector: '刘工', inspectedAt: '2030-01-10', nextAt: '2031-01-10' });
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data).toMatchObject({ remindDays: DEFAULT_REMIND_DAYS, remindedAt: null, due: INSPECTION_DUE.ok });
    expect((await api('update', { id: ok.data.id, inspectedAt: '2031-02-01' })).key).toBe('inspectionNextBeforeTime');
  });

  it('reminds the operators once, N days before the next time (per inspection), and again only after the next time changes', async () => {
    const now = Date.now();
    const soon = await api('add', {
      name: '升降机年检',
      inspector: '陈工',
      inspectedAt: iso(now - 360 * DAY),
      nextAt: iso(now + 5 * DAY),
    });
    const later = await api('add', {
      name: '配电箱检测',
      inspector: '孙师傅',
      inspectedAt: iso(now - 300 * DAY),
      nextAt: iso(now + 12 * DAY),
    });
    const lead = await api('add', {
      name: '消防检测',
      inspector: '安泰',
      inspectedAt: iso(now - 300 * DAY),
      nextAt: iso(now + 12 * DAY),
      remindDays: 15,
    });
    const foreign = await api(
      'add',
      { name: '外单位年检', inspector: 'Z', inspectedAt: iso(now - 300 * DAY), nextAt: iso(now + 2 * DAY) },
      other,
    );
    for (const r of [soon, later, lead, foreign]) expect(r.code, r.msg).toBe(0);
    const notices = vi.spyOn(t.app.push, 'tenantNotice');
    try {
      const first = await remindDueInspections(t.app, new Date(now));
      const ids = first.map((r) => r.id);
      expect(ids).toContain(soon.data.id);
      expect(ids).toContain(lead.data.id);
      expect(ids).toContain(foreign.data.id);
      expect(ids).not.toContain(later.data.id);
      const toDemo = notices.mock.calls.filter(([tenant]) => tenant === demoTenant).map(([, title]) => title);
      expect(toDemo.some((title) => title.includes('升降机年检'))).toBe(true);
      expect(notices.mock.calls.find(([, title]) => title.includes('外单位年检'))?.[0]).not.toBe(demoTenant);
      expect((await api('get', { id: soon.data.id })).data.remindedAt).not.toBeNull();

      // Twice (two replicas at once, or the next hour): nothing more.
      notices.mockClear();
      const again = await Promise.all([
        remindDueInspections(t.app, new Date(now)),
        remindDueInspections(t.app, new Date(now + 3_600_000)),
      ]);
      expect(again.flat().map((r) => r.id)).not.toContain(soon.data.id);
      expect(notices.mock.calls.some(([, title]) => title.includes('升降机年检'))).toBe(false);

      // Five days on, the later one is within 7 days: reminded then.
      expect((await remindDueInspections(t.app, new Date(now + 5 * DAY))).map((r) => r.id)).toContain(later.data.id);

      // A new next time re-arms the reminder.
      expect(
        (await api('update', { id: soon.data.id, inspectedAt: iso(now), nextAt: iso(now + 3 * DAY) })).data.remindedAt,
      ).toBeNull();
      expect((await remindDueInspections(t.app, new Date(now))).map((r) => r.id)).toEqual([soon.data.id]);
    } finally {
      notices.mockRestore();
    }
  });

  it('an overdue inspection is reminded as overdue and listed as overdue', async () => {
    const now = Date.now();
    const late = await api('add', {
      name: '物料提升机',
      inspector: '刘工',
      inspectedAt: iso(now - 400 * DAY),
      nextAt: iso(now - 3 * DAY),
    });
    expect(late.data.due).toBe(INSPECTION_DUE.overdue);
    const notices = vi.spyOn(t.app.push, 'tenantNotice');
    try {
      await remindDueInspections(t.app, new Date(now), demoTenant);
      expect(
        notices.mock.calls.some(
          ([tenant, title]) => tenant === demoTenant && title.includes('逾期') && title.includes('物料提升机'),
        ),
      ).toBe(true);
    } finally {
      notices.mockRestore();
    }
  });

  it('another company sees none of the demo inspections', async () => {
    const theirs = await list(t.app, 'annualInspection', { size: 50 }, other);
    expect(theirs.rows.map((r) => r.name)).toEqual(['外单位年检']);
  });
});
