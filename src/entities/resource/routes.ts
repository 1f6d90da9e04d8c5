import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NavEntry, ResourceType } from '../../shared/session';
import { resources } from './table';

/** A catalogue node with its buttons: the permission manager's and the grant dialog's tree. */
interface ResourceNode extends NavEntry {
  mark: string | null;
  status: number;
  list: ResourceNode[];
}

/**
 * The permission catalogue as a tree (docs/requirements/roles-and-permissions.md#administration),
 * under /api/user/resource.
 */
const resourceActions: FastifyPluginAsyncZod = async (app) => {
  const tags = ['user'];

  app.post(
    '/tree',
    { schema: { tags, summary: 'The whole catalogue as a tree, buttons included' } },
    async (_request, reply) => {
      const rows = await app.db.select().from(resources).orderBy(asc(resources.sort), asc(resources.id));
      const nodes = new Map<number, ResourceNode>(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            pid: r.pid,
            name: r.name,
            enName: r.enName,
            value: r.value ?? '',
            icon: r.icon,
            uri: r.uri ?? '',
            type: r.type as ResourceType,
            sort: r.sort,
            mark: r.mark,
            status: r.status,
            list: [],
          },
        ]),
      );
      const roots: ResourceNode[] = [];
      for (const n of nodes.values()) (n.pid && nodes.get(n.pid) ? nodes.get(n.pid)!.list : roots).push(n);
      return reply.ok(roots);
    },
  );
};

export default resourceActions;
