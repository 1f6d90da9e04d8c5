import { eq, inArray, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Code } from '../../shared/api';
import { IMEI_RE } from '../../shared/devices/protocol';
import { trigramIndexes, ts } from '../../server/db/columns';
import { bytea } from '../../server/db/schema-devices';
import { tenants } from '../../server/db/schema-tenancy';
import { isPlatformScope } from '../../server/db/scope';
import { allocate } from '../../server/devices/allocation';
import { defineEntity } from '../../server/engine/registry';
import { addRow } from '../../server/engine/write';
import { fail } from '../../server/lib/api-error';
import { deviceBinding } from '../../server/resources/device';
import { superOnly } from '../../server/resources/tenant';
import { ctxOf, operatorOf } from '../../server/routes/device/scope';
import { decodeLastFrame } from './decode';
import unknownDevice, { registerUnknownBody, TEXT_PROTOCOLS } from './resource';

/**
 * Devices that spoke a device protocol (src/server/protocols/) with an identifier no device is
 * registered under: refused, and listed for administrators to register (docs/protocols.md).
 * The gateway writes the rows (gateway.ts, `unknown`), at most every 10 s per identifier.
 */
export const protocolUnknownDevices = pgTable(
  'protocol_unknown_devices',
  {
    id: serial('id').primaryKey(),
    protocol: text('protocol').notNull(),
    identifier: text('identifier').notNull(),
    remote: text('remote').notNull(),
    firstSeen: ts('first_seen').notNull().defaultNow(),
    lastSeen: ts('last_seen').notNull().defaultNow(),
    frames: integer('frames').notNull().default(1),
    /** The last frame, as received. */
    lastFrame: bytea('last_frame').notNull(),
  },
  (t) => [
    uniqueIndex('protocol_unknown_devices_uq').on(t.protocol, t.identifier),
    index('protocol_unknown_devices_seen_idx').on(t.lastSeen, t.id.desc()),
    ...trigramIndexes('protocol_unknown_devices', t.identifier, t.remote),
  ],
);

/** The list shows a frame's first bytes; the detail and the decoding read the whole frame. */
const SHOWN_BYTES = 1024;
const shown = sql`substring(${protocolUnknownDevices.lastFrame} from 1 for ${sql.raw(String(SHOWN_BYTES))})`;

const tags = ['device'];

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: "Register an unknown device (super administrators): the device is added under the row's identifier, allocated to the tenant, and the row removed; it is let in on its next connection",
        body: registerUnknownBody,
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request);
      superOnly(ctx);
      const { id, productId, tenantId, kind, name } = request.body;
      const [row] = await app.db.select().from(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id));
      if (!row) fail(Code.NOT_FOUND, 'notFound');
      const imei = row!.identifier;
      // The gateway records any identifier its protocol carries; a device's IMEI has the platform's shape.
      if (!IMEI_RE.test(imei)) fail(Code.BAD_REQUEST, 'imeiInvalid');
      const [tenant] = await app.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) fail(Code.BAD_REQUEST, 'refInvalid');
      // The device list's add (a super administrator's device goes into stock), then the allocation.
      const device = await addRow(ctx, deviceBinding, { imei, name, kind, productId });
      if (device.tenantId !== tenantId) await allocate(app.db, { scope: ctx.scope, name: operatorOf(request).name }, { ids: [device.id as number], tenantId });
      await app.db.delete(protocolUnknownDevices).where(eq(protocolUnknownDevices.id, id));
      app.events.emit('resource.changed', { kind: unknownDevice.kind, name: unknownDevice.name, action: 'delete', id, tenantId: undefined, scope: ctx.scope });
      // Its next login finds it: nothing negative stays cached.
      app.deviceCache.invalidate(imei);
      return reply.ok({ deviceId: device.id as number, imei });
    },
  );
};

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
    guard: (ctx) => superOnly(ctx),
    async decorate(db, rows) {
      const ids = rows.map((r) => r.id as number);
      if (!ids.length) return;
      const frames = await db
        .select({ id: protocolUnknownDevices.id, protocol: protocolUnknownDevices.protocol, lastFrame: protocolUnknownDevices.lastFrame, lastSeen: protocolUnknownDevices.lastSeen })
        .from(protocolUnknownDevices)
        .where(inArray(protocolUnknownDevices.id, ids));
      const byId = new Map(frames.map((f) => [f.id, f]));
      for (const r of rows) {
        const f = byId.get(r.id as number);
        r.decoded = f ? decodeLastFrame(f.protocol, f.lastFrame, f.lastSeen.getTime()) : null;
      }
    },
  },
  plugin,
});
