import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DomainEventMap } from '../../server/events';
import { authed } from '../../server/auth/request';
import {
  deliverDue,
  inboxOf,
  markRead,
  onApprovalDecided,
  publishAnnouncement,
  receiptsOf,
  withdrawAnnouncement,
} from './actions';
import announcement, { ANNOUNCEMENT_MARK_PUBLISH } from './resource';
import { startSweep } from '../../server/lib/sweep';

const tags = ['user'];
const id = z.number().int().positive();
const idBody = z.object({ id });
/** Scheduled announcements go out within this long of their time. */
const DUE_EVERY_MS = 15_000;

/**
 * /AnnouncementList's actions beyond CRUD (publish or submit for approval, withdraw, read receipts),
 * the recipients' inbox (/AnnouncementListtc, /siteAnnouncement: any signed-in user reads their
 * own), the approval engine's decisions, and the sweep that sends scheduled ones when due.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/publish',
    {
      config: { mark: ANNOUNCEMENT_MARK_PUBLISH },
      schema: {
        tags,
        summary:
          "Publish a draft: directly when it needs no approval (delivered now or at its publish time), else submitted to its approval node (pending until the last level approves); 'noSuchTransition' from any other state",
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await publishAnnouncement(app, authed(request).scope, request.body.id)),
  );

  app.post(
    '/withdraw',
    {
      config: { mark: ANNOUNCEMENT_MARK_PUBLISH },
      schema: {
        tags,
        summary: 'Withdraw a pending (its approval request too) or published announcement',
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await withdrawAnnouncement(app, authed(request).scope, request.body.id)),
  );

  app.post(
    '/receipts/list',
    {
      config: { menus: announcement.routes },
      schema: {
        tags,
        summary: 'Who a published announcement reached and when each read it (unread last)',
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await receiptsOf(app, authed(request).scope, request.body.id)),
  );

  app.post(
    '/inbox/list',
    {
      schema: {
        tags,
        summary: "The caller's published announcements, unread first, then newest; `unread` keeps the unread only",
        body: z.object({
          unread: z.boolean().optional(),
          page: z.number().int().min(1).default(1),
          size: z.number().int().min(1).max(100).default(20),
        }),
      },
    },
    async (request, reply) => reply.ok(await inboxOf(app, authed(request).user.id, request.body)),
  );

  app.post(
    '/read',
    {
      config: { write: true },
      schema: {
        tags,
        summary:
          "The caller opened an announcement addressed to them: the first time is its read receipt ('notRecipient' otherwise)",
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await markRead(app, authed(request).user.id, request.body.id)),
  );

  const onDecided = (...[d]: DomainEventMap['approval.decided']) => {
    onApprovalDecided(app, d).catch((err: unknown) =>
      app.log.error({ err, refId: d.refId }, 'announcement decision not applied'),
    );
  };
  app.events.on('approval.decided', onDecided);

  // Scheduled ones (every replica may sweep: delivery claims each once). Off in tests, which call deliverDue.
  startSweep(app, 'announcement sweep', DUE_EVERY_MS, () => deliverDue(app));
  app.addHook('onClose', async () => {
    app.events.off('approval.decided', onDecided);
  });
};

export default plugin;
