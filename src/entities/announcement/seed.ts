import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../server/db/driver';
import { tenants, users } from '../../server/db/schema';
import { openApproval } from '../../server/approvals';
import { approvalNodes } from '../approval-node';
import { DEMO_APPROVAL_NODE } from '../leave-request';
import { ANNOUNCEMENT_LEVEL, ANNOUNCEMENT_SCOPE, ANNOUNCEMENT_STATE, NEED_APPROVAL } from './resource';
import { announcementRecipients, announcements } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

interface Demo {
  title: string;
  content: string;
  level: number;
  state: number;
  /** Days from now it was (or will be) published. */
  days: number;
  approval?: boolean;
  /** Share of the recipients who read it (published ones). */
  read?: number;
  review?: { name: string; comment: string };
}

const DEMOS: Demo[] = [
  {
    title: '关于加强高处作业安全管理的通知',
    content: '所有高处作业人员必须系挂安全带，佩戴安全帽，作业前由班组长检查。',
    level: ANNOUNCEMENT_LEVEL.important,
    state: ANNOUNCEMENT_STATE.published,
    days: -12,
    read: 0.8,
  },
  {
    title: '本周六塔吊年检停用',
    content: '2号塔吊本周六8:00-17:00进行年度检验，期间停止吊装作业，请各班组提前安排。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.published,
    days: -5,
    read: 0.5,
  },
  {
    title: '台风预警：今晚停止室外作业',
    content: '气象台发布台风橙色预警，今晚18:00起停止一切室外作业，加固脚手架和临时设施。',
    level: ANNOUNCEMENT_LEVEL.urgent,
    state: ANNOUNCEMENT_STATE.published,
    days: -1,
    read: 0.3,
    approval: true,
    review: { name: '李工长、Demo administrator', comment: '同意发布' },
  },
  {
    title: '食堂开餐时间调整',
    content: '自下周一起，午餐时间调整为11:30-13:00。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.published,
    days: 0,
    read: 0,
  },
  {
    title: '月度安全生产例会',
    content: '本月安全生产例会定于25日14:00在项目部会议室召开，各班组长参加。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.pending,
    days: 1,
    approval: true,
  },
  {
    title: '夜间施工许可公示',
    content: '经批准，3号楼主体结构浇筑将于本周三夜间连续施工。',
    level: ANNOUNCEMENT_LEVEL.important,
    state: ANNOUNCEMENT_STATE.pending,
    days: 2,
    approval: true,
  },
  {
    title: '春节放假安排（草稿）',
    content: '春节放假时间及值班安排另行通知。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.draft,
    days: 30,
  },
  {
    title: '新进场工人三级安全教育',
    content: '本周新进场工人请于周四上午到安全教育室参加三级安全教育。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.draft,
    days: 3,
  },
  {
    title: '材料堆放区调整',
    content: '钢筋堆放区调整至东侧空地。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.rejected,
    days: -3,
    approval: true,
    review: { name: '李工长', comment: '位置与消防通道冲突，请重新选址' },
  },
  {
    title: '临时停水通知',
    content: '因管网维修，生活区今日10:00-12:00停水。',
    level: ANNOUNCEMENT_LEVEL.normal,
    state: ANNOUNCEMENT_STATE.withdrawn,
    days: -2,
  },
];

/**
 * /AnnouncementList, /AnnouncementListtc and /siteAnnouncement on a fresh demo: announcements in
 * every state, the published ones delivered to the whole site with some read (the demo
 * administrator has read the oldest), two waiting at the demo approval node's first level (the
 * site lead's inbox), one rejected with its comment. Idempotent: a tenant with announcements is
 * left alone.
 */
async function seedAnnouncements(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const [has] = await tx.select({ n: count() }).from(announcements).where(eq(announcements.tenantId, tenantId));
  if (Number(has?.n) > 0) return;
  const [admin] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.username, 'demo')));
  if (!admin) return;
  const [node] = await tx
    .select({ id: approvalNodes.id })
    .from(approvalNodes)
    .where(and(eq(approvalNodes.tenantId, tenantId), eq(approvalNodes.name, DEMO_APPROVAL_NODE)));
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.status, 1), inArray(users.kind, ['admin', 'user'])))
    .orderBy(users.id);

  for (const [i, d] of DEMOS.entries()) {
    const at = new Date(now + d.days * DAY_MS - (DEMOS.length - i) * HOUR_MS);
    const created = new Date(Math.min(now, at.getTime()) - 2 * HOUR_MS);
    const published = d.state === ANNOUNCEMENT_STATE.published;
    const needApproval = d.approval && node ? NEED_APPROVAL.needed : NEED_APPROVAL.notNeeded;
    // Every other one names people (the administrator and every third person); the rest go to the whole site.
    const named = i % 2 === 1;
    const chosen = people.filter((p) => p.id === admin.id || p.id % 3 === 0);
    const [row] = await tx
      .insert(announcements)
      .values({
        tenantId,
        title: d.title,
        content: d.content,
        level: d.level,
        scope: named ? ANNOUNCEMENT_SCOPE.recipients : ANNOUNCEMENT_SCOPE.site,
        userIds: named ? chosen.map((p) => p.id) : [],
        needApproval,
        approvalNodeId: needApproval === NEED_APPROVAL.needed ? node!.id : null,
        state: d.state,
        publishAt: published || d.state === ANNOUNCEMENT_STATE.withdrawn || d.days > 0 ? at : null,
        deliveredAt: published ? at : null,
        publisherId: admin.id,
        publisherName: admin.name,
        reviewerName: d.review?.name ?? null,
        reviewComment: d.review?.comment ?? null,
        reviewedAt: d.review ? new Date(created.getTime() + HOUR_MS) : null,
        createdAt: created,
      })
      .returning({ id: announcements.id });
    const id = row!.id;
    if (d.state === ANNOUNCEMENT_STATE.pending && node) {
      const { approvalId } = await openApproval(tx, {
        tenantId,
        kind: 'announcement',
        refId: id,
        nodeId: node.id,
        title: d.title,
        applicantId: admin.id,
      });
      await tx.update(announcements).set({ approvalId }).where(eq(announcements.id, id));
    }
    if (!published) continue;
    const to = named ? chosen : people;
    const readers = Math.round(to.length * (d.read ?? 0));
    // The administrator reads the older ones; the newest stay unread for the popup.
    const order = [...to].sort((a, b) => (a.id === admin.id ? -1 : b.id === admin.id ? 1 : a.id - b.id));
    if (to.length)
      await tx.insert(announcementRecipients).values(
        order.map((p, k) => ({
          tenantId,
          announcementId: id,
          userId: p.id,
          readAt: k < readers ? new Date(at.getTime() + (k + 1) * 7 * 60_000) : null,
          createdAt: at,
        })),
      );
  }
}

/** On a demo database seeded before announcements existed: add them to the demo site. */
async function seedAnnouncementsIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (site) await seedAnnouncements(tx, site.id);
}

export default defineSeed({
  // Two wait at the approval node's first level; the recipients include the leave seed's people.
  after: ['leave-request'],
  demo: (tx, { tenantId }) => seedAnnouncements(tx, tenantId),
  ifMissing: seedAnnouncementsIfMissing,
});
