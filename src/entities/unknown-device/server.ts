import { inArray, sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { isPlatformScope, type Scope } from '../../server/db/scope';
import { defineEntity } from '../../server/engine/registry';
import { fail } from '../../server/lib/api-error';
import { decodeLastFrame } from './decode';
import unknownDevice, { TEXT_PROTOCOLS } from './resource';
import { protocolUnknownDevices } from './table';

/** The list shows a frame's first bytes; the detail and the decoding read the whole frame. */
const SHOWN_BYTES = 1024;
const shown = sql`substring(${protocolUnknownDevices.lastFrame} from 1 for ${sql.raw(String(SHOWN_BYTES))})`;

/** The rows belong to no tenant: platform super administrators alone act on them. */
export function superOnly(scope: Scope): void {
  if (!isPlatformScope(scope)) fail(Code.FORBIDDEN, 'noPermission');
}

/**
 * Readable by platform super administrators only, who may dismiss rows (delete) or register them;
 * the rows belong to no tenant. `decorate` adds the last frame as the decode tool reads it.
 */
export default defineEntity({
  def: unknownDevice,
  table: protocolUnknownDevices,
  computed: {
    lastFrameHex: sql<string>`encode(${shown}, 'hex')`,
    lastFrameText: sql<string | null>`case when ${protocolUnknownDevices.protocol} in (${sql.join(
      TEXT_PROTOCOLS.map((p) => sql`${p}`),
      sql`, `,
    )}) then encode(${shown}, 'escape') end`,
  },
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
  hooks: {
    async decorate(db, rows) {
      const ids = rows.map((r) => r.id as number);
      if (!ids.length) return;
      const frames = await db
        .select({
          id: protocolUnknownDevices.id,
          protocol: protocolUnknownDevices.protocol,
          lastFrame: protocolUnknownDevices.lastFrame,
          lastSeen: protocolUnknownDevices.lastSeen,
        })
        .from(protocolUnknownDevices)
        .where(inArray(protocolUnknownDevices.id, ids));
      const byId = new Map(frames.map((f) => [f.id, f]));
      for (const r of rows) {
        const f = byId.get(r.id as number);
        r.decoded = f ? decodeLastFrame(f.protocol, f.lastFrame, f.lastSeen.getTime()) : null;
      }
    },
  },
});
