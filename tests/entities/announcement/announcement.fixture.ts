import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addRole, addUser } from '../../server/fixtures';
import { login, post, type TestApp } from '../../server/helper';
import { demoApp, tenantWithAdmin, type Row } from '../../server/org-helper';
import { devices, departments, users } from '../../../src/server/db/schema';
import { ANNOUNCEMENT_PUSH_CODE } from '../../../src/shared/announcements';

/** The site shared by announcement.test.ts and announcement-approval.test.ts. */

export interface Sent {
  topic: string;
  body: Record<string, unknown>;
}
export interface Spoken {
  ids: number[];
  text: string;
}

/** Recipients: one by department, one by role, one by name; `outsider` is none of them. */
const RECIPIENTS = ['byDept', 'byRole', 'byName', 'outsider', 'approver1', 'approver2'] as const;
type Recipient = (typeof RECIPIENTS)[number];

export interface AnnouncementSite {
  t: TestApp;
  demo: string;
  demoTenant: number;
  other: { token: string; userId: number; tenant: number };
  ids: Record<Recipient, number>;
  tokens: Record<Recipient, string>;
  deptId: number;
  roleId: number;
  /** An online helmet of the department and an online door unit of nobody in scope. */
  helmet: string;
  doorUnit: string;
}

/**
 * The demo site with another company, a department, a role, the recipients and their tokens, and
 * an online helmet and door unit; every JSON broker publish and console notice is handed to `record`.
 */
export async function announcementSite(record: {
  sent: (s: Sent) => void;
  spoken: (s: Spoken) => void;
}): Promise<AnnouncementSite> {
  const ids = { byDept: 0, byRole: 0, byName: 0, outsider: 0, approver1: 0, approver2: 0 };
  const tokens: Record<Recipient, string> = {
    byDept: '',
    byRole: '',
    byName: '',
    outsider: '',
    approver1: '',
    approver2: '',
  };
  const { t, demo, demoTenant } = await demoApp();
  const o = await tenantWithAdmin(t.app, 'Other Site', 'otheradmin2');
  const [dept] = await t.app.db.insert(departments).values({ tenantId: demoTenant, name: 'Crane crew' }).returning();
  const deptId = dept!.id;
  const roleId = await addRole(t.app, demoTenant, 'Safety officers', ['siteAnnouncement']);
  for (const key of RECIPIENTS) {
    ids[key] = await addUser(t.app, {
      tenant: demoTenant,
      username: `ann_${key}`,
      roleIds: key === 'byRole' ? [roleId] : [],
    });
    tokens[key] = (await login(t.app, `ann_${key}`, 'secret1')).token;
  }
  await t.app.db.update(users).set({ departmentId: deptId }).where(eq(users.id, ids.byDept));
  // An online helmet of the department and an online door unit of nobody in scope.
  const [h] = await t.app.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, demoTenant), eq(devices.kind, 'helmet')))
    .limit(1);
  const [d] = await t.app.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, demoTenant), eq(devices.kind, 'doorUnit')))
    .limit(1);
  await t.app.db.update(devices).set({ state: 1, departmentId: deptId, gatewayId: null }).where(eq(devices.id, h!.id));
  await t.app.db
    .update(devices)
    .set({ state: 1, departmentId: null, userId: null, gatewayId: null })
    .where(eq(devices.id, d!.id));
  const publish = t.app.broker.publish.bind(t.app.broker);
  t.app.broker.publish = async (topic, payload, opts) => {
    try {
      record.sent({ topic, body: JSON.parse(Buffer.from(payload as Buffer).toString()) as Record<string, unknown> });
    } catch {
      // a binary (CBOR) downlink: not one of ours
    }
    return publish(topic, payload, opts);
  };
  const sockets = (
    t.app.push as unknown as {
      deps: { sockets: { send: (ids: Iterable<number>, n: { msgContent: string }) => number } };
    }
  ).deps.sockets;
  const send = sockets.send.bind(sockets);
  sockets.send = (to, notice) => {
    record.spoken({ ids: [...to], text: notice.msgContent });
    return send(to, notice);
  };
  const other = { token: o.token, userId: o.userId, tenant: o.tenant };
  return { t, demo, demoTenant, other, ids, tokens, deptId, roleId, helmet: h!.imei, doorUnit: d!.imei };
}

/** The users a web push of a new announcement went to, in order. */
export const pushedTo = (sent: Sent[]) =>
  sent
    .filter((s) => /^acm\/\d+\/web$/.test(s.topic) && s.body.code === ANNOUNCEMENT_PUSH_CODE)
    .map((s) => Number(s.topic.split('/')[1]))
    .sort((a, b) => a - b);

/** Adds a draft for the department, the role and `byName`. */
export const addDraft = async (site: AnnouncementSite, extra: object = {}) => {
  const res = await post<Row>(
    site.t.app,
    '/api/user/announcement/add',
    {
      title: 'Crane inspection',
      content: 'Tower crane 2 is inspected at 14:00',
      level: 1,
      scope: 1,
      departmentIds: [site.deptId],
      roleIds: [site.roleId],
      userIds: [site.ids.byName],
      needApproval: 2,
      ...extra,
    },
    { token: site.demo },
  );
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
