import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { rowsOf } from '../../server/db/rows';
import { devices, departments, users } from '../../server/db/schema';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { sendCommandToMany } from '../../server/devices/commands';
import { fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import { detailOf, submitApproval, withdrawApproval } from '../../server/approvals';
import { tts } from '../audio-push';
import {
  ANNOUNCEMENT_PUSH_CODE,
  ANNOUNCEMENT_WITHDRAWN_PUSH_CODE,
  type AnnouncementPush,
  type AnnouncementWithdrawnPush,
} from '../../shared/announcements';
import {
  ANNOUNCEMENT_DEVICE_KINDS,
  ANNOUNCEMENT_LEVEL,
  ANNOUNCEMENT_MACHINE,
  ANNOUNCEMENT_SCOPE,
  ANNOUNCEMENT_STATE,
  NEED_APPROVAL,
  type InboxItem,
  type ReceiptRow,
} from './resource';
import { announcementRecipients, announcements } from './table';

type Announcement = typeof announcements.$inferSelect;

const target = { table: announcements, id: announcements.id, state: announcements.state };
const ENABLED = 1;
/** Text a helmet or door unit shows and speaks (the broadcast command's limit). */
const DEVICE_TEXT_MAX = 500;

const tenantOf = (scope: Scope) => (isPlatformScope(scope) ? undefined : scope.tenantId);

async function announcementOf(app: FastifyInstance, tenantId: number | undefined, id: number): Promise<Announcement> {
  const [row] = await app.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), tenantId === undefined ? undefined : eq(announcements.tenantId, tenantId)));
  if (!row) fail(Code.NOT_FOUND, 'notFound');
  return row!;
}

/**
 * Publishes a draft: without approval it is published at once (delivered now, or at its publish
 * time when that is later); with approval it goes to its node's first level and waits there
 * (pending) until the engine decides. A node that is not the company's is 'approvalNodeInvalid'
 * and leaves the draft as it was. Any state but draft is 'noSuchTransition'.
 */
export async function publishAnnouncement(app: FastifyInstance, scope: Scope, id: number): Promise<Announcement> {
  const row = await announcementOf(app, tenantOf(scope), id);
  const now = new Date(app.clock.now());
  if (row.needApproval === NEED_APPROVAL.needed) {
    await moveState(app.db, target, ANNOUNCEMENT_MACHINE, row.id, ANNOUNCEMENT_STATE.pending);
    try {
      const { approvalId } = await submitApproval(app, {
        tenantId: row.tenantId,
        kind: 'announcement',
        refId: row.id,
        nodeId: row.approvalNodeId ?? 0,
        title: row.title,
        applicantId: row.publisherId ?? scope.userId,
      });
      await app.db.update(announcements).set({ approvalId }).where(eq(announcements.id, row.id));
    } catch (err) {
      await app.db
        .update(announcements)
        .set({ state: ANNOUNCEMENT_STATE.draft })
        .where(and(eq(announcements.id, row.id), eq(announcements.state, ANNOUNCEMENT_STATE.pending)));
      throw err;
    }
  } else {
    await moveState(app.db, target, ANNOUNCEMENT_MACHINE, row.id, ANNOUNCEMENT_STATE.published, {
      set: { publishAt: sql`coalesce(${announcements.publishAt}, ${now.toISOString()}::timestamptz)` },
    });
    await deliverIfDue(app, row.id);
  }
  return announcementOf(app, row.tenantId, row.id);
}

/**
 * Takes back a pending (its approval request too) or published announcement: recipients no longer
 * see it, and the consoles of those it reached get push 9061 (the notification closes, the inbox
 * refreshes).
 */
export async function withdrawAnnouncement(app: FastifyInstance, scope: Scope, id: number): Promise<Announcement> {
  const row = await announcementOf(app, tenantOf(scope), id);
  await moveState(app.db, target, ANNOUNCEMENT_MACHINE, row.id, ANNOUNCEMENT_STATE.withdrawn);
  if (row.state === ANNOUNCEMENT_STATE.pending && row.approvalId) {
    await withdrawApproval(app.db, { tenantId: row.tenantId, approvalId: row.approvalId }).catch((err: unknown) =>
      app.log.warn({ err, id }, 'approval of a withdrawn announcement not withdrawn'),
    );
  }
  if (row.deliveredAt) {
    const reached = await app.db
      .select({ userId: announcementRecipients.userId })
      .from(announcementRecipients)
      .where(and(eq(announcementRecipients.tenantId, row.tenantId), eq(announcementRecipients.announcementId, row.id)));
    const push: AnnouncementWithdrawnPush = { code: ANNOUNCEMENT_WITHDRAWN_PUSH_CODE, id: row.id };
    app.push.toUsers(
      reached.map((r) => r.userId),
      push,
    );
  }
  return announcementOf(app, row.tenantId, row.id);
}

/**
 * The approval engine decided (event 'approval.decided', kind 'announcement'): the last level
 * approved -> published (and delivered when due), a level rejected -> rejected, never pushed.
 * A decision on an older request (the announcement was withdrawn and resubmitted) is ignored.
 */
export async function onApprovalDecided(
  app: FastifyInstance,
  d: {
    tenantId: number;
    kind: string;
    refId: number;
    approvalId: number;
    result: 'approved' | 'rejected';
    comment?: string;
  },
): Promise<void> {
  if (d.kind !== 'announcement') return;
  const [row] = await app.db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, d.refId), eq(announcements.tenantId, d.tenantId)));
  if (!row || row.approvalId !== d.approvalId || row.state !== ANNOUNCEMENT_STATE.pending) return;
  const detail = await detailOf(app.db, d.tenantId, d.approvalId).catch(() => undefined);
  const reviewers = [
    ...new Set((detail?.steps ?? []).map((s) => s.approverName).filter((n): n is string => Boolean(n))),
  ];
  const now = new Date(app.clock.now());
  const review = { reviewerName: reviewers.join('、') || null, reviewComment: d.comment ?? null, reviewedAt: now };
  if (d.result === 'approved') {
    await moveState(app.db, target, ANNOUNCEMENT_MACHINE, row.id, ANNOUNCEMENT_STATE.published, {
      set: { ...review, publishAt: sql`coalesce(${announcements.publishAt}, ${now.toISOString()}::timestamptz)` },
    });
    await deliverIfDue(app, row.id);
  } else {
    await moveState(app.db, target, ANNOUNCEMENT_MACHINE, row.id, ANNOUNCEMENT_STATE.rejected, { set: review });
  }
}

/** The enabled people (administrators and users, never the visitor) an announcement is for. */
async function resolveRecipients(
  app: FastifyInstance,
  row: Pick<Announcement, 'tenantId' | 'scope' | 'departmentIds' | 'roleIds' | 'userIds'>,
): Promise<number[]> {
  const base = and(eq(users.tenantId, row.tenantId), eq(users.status, ENABLED), inArray(users.kind, ['admin', 'user']));
  let named: SQL | undefined;
  if (row.scope !== ANNOUNCEMENT_SCOPE.site) {
    const parts: SQL[] = [];
    if (row.departmentIds.length) parts.push(inArray(users.departmentId, row.departmentIds));
    if (row.userIds.length) parts.push(inArray(users.id, row.userIds));
    if (row.roleIds.length) {
      const byRole = rowsOf<{ user_id: number }>(
        await app.db.execute(
          sql`select user_id from user_roles where tenant_id = ${row.tenantId} and role_id in (${sql.join(
            row.roleIds.map((r) => sql`${r}`),
            sql`, `,
          )})`,
        ),
      ).map((r) => Number(r.user_id));
      if (byRole.length) parts.push(inArray(users.id, byRole));
    }
    if (!parts.length) return [];
    named = or(...parts);
  }
  const found = await app.db.select({ id: users.id }).from(users).where(and(base, named)).orderBy(users.id);
  return found.map((u) => u.id);
}

/** What a helmet or door unit shows and speaks. */
function deviceText(row: Pick<Announcement, 'title' | 'content'>): string {
  return `公告：${row.title}。${row.content}`.slice(0, DEVICE_TEXT_MAX);
}

/**
 * Delivers a published announcement whose time has come, once (a replica that finds it claimed
 * leaves it): the recipients are resolved and stored (the read receipts), their consoles get push
 * 9060 (spoken when urgent), and the company's online helmets and door units in scope (of the
 * named departments or worn by a recipient; all of them for the whole site) get its text.
 */
async function deliverIfDue(app: FastifyInstance, id: number): Promise<boolean> {
  const now = new Date(app.clock.now());
  const [row] = await app.db
    .update(announcements)
    .set({ deliveredAt: now })
    .where(
      and(
        eq(announcements.id, id),
        eq(announcements.state, ANNOUNCEMENT_STATE.published),
        isNull(announcements.deliveredAt),
        lte(announcements.publishAt, now),
      ),
    )
    .returning();
  if (!row) return false;
  const ids = await resolveRecipients(app, row);
  if (ids.length) {
    await app.db
      .insert(announcementRecipients)
      .values(ids.map((userId) => ({ tenantId: row.tenantId, announcementId: row.id, userId })))
      .onConflictDoNothing();
  }
  const push: AnnouncementPush = {
    code: ANNOUNCEMENT_PUSH_CODE,
    announcement: {
      id: row.id,
      title: row.title,
      content: row.content,
      level: row.level,
      publisherName: row.publisherName,
      publishAt: (row.publishAt ?? now).toISOString(),
    },
  };
  app.push.announcement(
    ids,
    push,
    row.level >= ANNOUNCEMENT_LEVEL.urgent ? `紧急公告：${row.title}。${row.content}` : undefined,
  );
  const sent = await sendToDevices(app, row, ids).catch((err: unknown) => {
    app.log.warn({ err, id: row.id }, 'announcement not sent to devices');
    return 0;
  });
  if (sent) await app.db.update(announcements).set({ deviceCount: sent }).where(eq(announcements.id, row.id));
  return true;
}

/** The broadcast command with the text to the online helmets and door units in scope; answers how many took it. */
async function sendToDevices(app: FastifyInstance, row: Announcement, recipients: number[]): Promise<number> {
  let inScope: SQL | undefined;
  if (row.scope !== ANNOUNCEMENT_SCOPE.site) {
    const parts: SQL[] = [];
    if (row.departmentIds.length) parts.push(inArray(devices.departmentId, row.departmentIds));
    if (recipients.length) parts.push(inArray(devices.userId, recipients));
    if (!parts.length) return 0;
    inScope = or(...parts);
  }
  const found = await app.db
    .select()
    .from(devices)
    .where(and(eq(devices.tenantId, row.tenantId), inArray(devices.kind, [...ANNOUNCEMENT_DEVICE_KINDS]), inScope));
  if (!found.length) return 0;
  const params = await tts.provider.deviceParams(deviceText(row));
  const results = await sendCommandToMany(
    app,
    found.map((d) => d.imei),
    found,
    { cmd: 'broadcast', params },
    { id: row.publisherId ?? 0, name: row.publisherName ?? '' },
  );
  return results.filter((r) => r.id !== undefined).length;
}

/** Published announcements whose (scheduled) time has come and that did not go out yet; answers how many went. */
export async function deliverDue(app: FastifyInstance, limit = 50): Promise<number> {
  const due = await app.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.state, ANNOUNCEMENT_STATE.published),
        isNull(announcements.deliveredAt),
        isNotNull(announcements.publishAt),
        lte(announcements.publishAt, new Date(app.clock.now())),
      ),
    )
    .orderBy(announcements.publishAt)
    .limit(limit);
  let n = 0;
  for (const { id } of due) if (await deliverIfDue(app, id)) n++;
  return n;
}

/** Published, delivered, and addressed to this user. */
const visibleTo = (userId: number) =>
  and(
    eq(announcementRecipients.userId, userId),
    eq(announcements.state, ANNOUNCEMENT_STATE.published),
    isNotNull(announcements.deliveredAt),
  );

/** The user's announcements, unread first, then newest first. */
export async function inboxOf(
  app: FastifyInstance,
  userId: number,
  opts: { unread?: boolean; page: number; size: number },
): Promise<{ rows: InboxItem[]; total: number; unread: number }> {
  const where = and(visibleTo(userId), opts.unread ? isNull(announcementRecipients.readAt) : undefined);
  const rows = await app.db
    .select({
      id: announcements.id,
      title: announcements.title,
      content: announcements.content,
      level: announcements.level,
      publisherName: announcements.publisherName,
      publishAt: announcements.publishAt,
      readAt: announcementRecipients.readAt,
    })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .where(where)
    .orderBy(sql`${announcementRecipients.readAt} is not null`, desc(announcements.publishAt), desc(announcements.id))
    .limit(opts.size)
    .offset((opts.page - 1) * opts.size);
  const [counts] = await app.db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`count(*) filter (where ${announcementRecipients.readAt} is null)::int`,
    })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .where(visibleTo(userId));
  return {
    rows: rows.map((r) => ({
      ...r,
      publishAt: (r.publishAt ?? new Date(0)).toISOString(),
      readAt: r.readAt?.toISOString() ?? null,
    })),
    total: opts.unread ? Number(counts?.unread ?? 0) : Number(counts?.total ?? 0),
    unread: Number(counts?.unread ?? 0),
  };
}

/** The user opened it: the first time is the read receipt (later opens change nothing). Not theirs: 'notRecipient'. */
export async function markRead(app: FastifyInstance, userId: number, id: number): Promise<{ readAt: string }> {
  const [mine] = await app.db
    .select({ id: announcementRecipients.id, readAt: announcementRecipients.readAt })
    .from(announcementRecipients)
    .innerJoin(announcements, eq(announcements.id, announcementRecipients.announcementId))
    .where(and(visibleTo(userId), eq(announcementRecipients.announcementId, id)));
  if (!mine) fail(Code.NOT_FOUND, 'notRecipient');
  if (mine!.readAt) return { readAt: mine!.readAt.toISOString() };
  const now = new Date(app.clock.now());
  const [set] = await app.db
    .update(announcementRecipients)
    .set({ readAt: now })
    .where(and(eq(announcementRecipients.id, mine!.id), isNull(announcementRecipients.readAt)))
    .returning({ readAt: announcementRecipients.readAt });
  return { readAt: (set?.readAt ?? now).toISOString() };
}

/** Who an announcement reached and when each read it (unread last). */
export async function receiptsOf(app: FastifyInstance, scope: Scope, id: number): Promise<ReceiptRow[]> {
  const row = await announcementOf(app, tenantOf(scope), id);
  const rows = await app.db
    .select({
      userId: users.id,
      name: users.name,
      username: users.username,
      departmentName: departments.name,
      readAt: announcementRecipients.readAt,
    })
    .from(announcementRecipients)
    .innerJoin(users, eq(users.id, announcementRecipients.userId))
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(eq(announcementRecipients.announcementId, row.id))
    .orderBy(sql`${announcementRecipients.readAt} is null`, announcementRecipients.readAt, users.id);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name || r.username,
    departmentName: r.departmentName,
    readAt: r.readAt?.toISOString() ?? null,
  }));
}
