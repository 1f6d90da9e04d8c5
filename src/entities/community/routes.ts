import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { fail } from '../../server/lib/api-error';
import { authed } from '../../server/auth/request';
import { buildings } from '../building';
import { rooms } from '../room';
import { unitDoorUnits, units } from '../unit';
import { applyRename, COMMUNITY_ROOMS_JOB, previewRename } from './generate';
import { checkSizes, parseNamingRule } from '../../shared/community-naming';
import community from './resource';
import { communities } from './table';

const tags = ['user'];
const idBody = z.object({ id: z.number().int().positive() });
const ruleBody = z.object({
  id: z.number().int().positive(),
  namingRule: z.string().trim().min(1, 'required').max(100, 'tooLong'),
});
const previewBody = ruleBody.extend({
  offset: z.number().int().min(0).max(50_000).default(0),
  limit: z.number().int().min(1).max(200).default(20),
});
/** The community screens: any of them may read the tree. */
const COMMUNITY_MENUS = ['communityManagement', 'buildingManagement', 'unitManagement', 'roomManagement'] as const;
/** Rooms the tree answers at most (a community is at most 50,000 rooms; the tree is for looking, the room list for working). */
const TREE_MAX_ROOMS = 5_000;

const update = `${community.mark}:update` as PermissionMark;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const inScope = async (tenantId: number, id: number) => {
    const [c] = await app.db
      .select()
      .from(communities)
      .where(and(eq(communities.id, id), eq(communities.tenantId, tenantId)));
    if (!c) fail(Code.NOT_FOUND, 'notFound');
    return c!;
  };

  app.post(
    '/generate',
    {
      config: { mark: update },
      schema: {
        tags,
        summary:
          "Generate the community's buildings, units and rooms from its counts and naming rule, as a job with progress (idempotent)",
        body: idBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const c = await inScope(scope.tenantId, request.body.id);
      const sizes = checkSizes(c);
      if (!sizes.ok) fail(Code.BAD_REQUEST, sizes.key);
      const job = await app.jobs.enqueue(scope, COMMUNITY_ROOMS_JOB, `生成房间：${c.name}`, { communityId: c.id });
      return reply.ok(job);
    },
  );

  app.post(
    '/renamePreview',
    {
      config: { mark: update },
      schema: {
        tags,
        summary: 'The rooms a new naming rule would rename (old → new, a page of them) and how many in all',
        body: previewBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const parsed = parseNamingRule(request.body.namingRule);
      if (!parsed.ok) fail(Code.BAD_REQUEST, parsed.key);
      const c = await inScope(scope.tenantId, request.body.id);
      return reply.ok(await previewRename(app.db, scope.tenantId, c.id, request.body.namingRule, request.body));
    },
  );

  app.post(
    '/rename',
    {
      config: { mark: update },
      schema: {
        tags,
        summary: "Store a new naming rule and rename the community's rooms by it (one transaction)",
        body: ruleBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const parsed = parseNamingRule(request.body.namingRule);
      if (!parsed.ok) fail(Code.BAD_REQUEST, parsed.key);
      const c = await inScope(scope.tenantId, request.body.id);
      const renamed = await applyRename(app.db, scope.tenantId, c.id, request.body.namingRule);
      return reply.ok({ renamed });
    },
  );

  app.post(
    '/tree',
    {
      config: { menus: COMMUNITY_MENUS },
      schema: {
        tags,
        summary: 'One community as a tree: buildings > units (with their door units) > rooms',
        body: idBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const c = await inScope(scope.tenantId, request.body.id);
      const bs = await app.db
        .select({ id: buildings.id, number: buildings.number, name: buildings.name })
        .from(buildings)
        .where(eq(buildings.communityId, c.id))
        .orderBy(asc(buildings.number));
      const us = await app.db
        .select({ id: units.id, buildingId: units.buildingId, number: units.number, name: units.name })
        .from(units)
        .where(eq(units.communityId, c.id))
        .orderBy(asc(units.number));
      const rs = await app.db
        .select({ id: rooms.id, unitId: rooms.unitId, floor: rooms.floor, number: rooms.number, name: rooms.name })
        .from(rooms)
        .where(eq(rooms.communityId, c.id))
        .orderBy(asc(rooms.unitId), asc(rooms.floor), asc(rooms.number))
        .limit(TREE_MAX_ROOMS + 1);
      const doors = us.length
        ? await app.db
            .select({ unitId: unitDoorUnits.unitId, deviceId: unitDoorUnits.deviceId })
            .from(unitDoorUnits)
            .where(
              inArray(
                unitDoorUnits.unitId,
                us.map((u) => u.id),
              ),
            )
        : [];
      const tree = {
        id: c.id,
        name: c.name,
        truncated: rs.length > TREE_MAX_ROOMS,
        buildings: bs.map((b) => ({
          ...b,
          units: us
            .filter((u) => u.buildingId === b.id)
            .map((u) => ({
              ...u,
              doorUnits: doors.filter((d) => d.unitId === u.id).map((d) => d.deviceId),
              rooms: rs.slice(0, TREE_MAX_ROOMS).filter((r) => r.unitId === u.id),
            })),
        })),
      };
      return reply.ok(tree);
    },
  );
};

export default plugin;
