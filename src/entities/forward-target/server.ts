import { sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { isPlatformScope } from '../../server/db/scope';
import { superOnly } from '../../server/engine/guards';
import { splitUrl } from '../../server/integrations/forward/url';
import { defineEntity } from '../../server/engine/registry';
import type { Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import forwardTarget, { FORWARD_DEFAULTS, type ForwardKind } from './resource';
import { forwardTargets } from './table';

const SCHEMES: Record<ForwardKind, readonly string[]> = { amqp: ['amqp:', 'amqps:'], mqtt: ['mqtt:', 'mqtts:'] };

/** Template fields left empty take the defaults, so the list shows what is published. */
function withDefaults(values: Row, mode: 'add' | 'update'): void {
  for (const key of ['exchange', 'routingKey', 'topicPrefix'] as const) {
    if (values[key] === null || (mode === 'add' && values[key] === undefined)) values[key] = FORWARD_DEFAULTS[key];
  }
  if (mode === 'add') {
    values.positionEverySec ??= 0;
    values.enabled ??= true;
  }
}

/**
 * Super administrators alone read and write the rows: they carry credentials of the tenant's
 * broker. The def is not tenant-scoped (the rows name their tenant, chosen by the super
 * administrator), so writes are the super administrators' (guardWrite; the guard says it again);
 * reads are refused by readWhere (nothing is found) and `shown` (the list itself answers
 * noPermission), so no path of the engine hands a tenant a row.
 */
export default defineEntity({
  def: forwardTarget,
  table: forwardTargets,
  readWhere: (scope) => (isPlatformScope(scope) ? undefined : sql`false`),
  hooks: {
    guard: (ctx) => superOnly(ctx),
    async shown(ctx, rows) {
      superOnly(ctx);
      return rows;
    },
    async beforeWrite(_ctx, tx, values, _input, tenantId, existing) {
      // The row's tenant is the one the super administrator named (tenantForWrite), set once.
      if (!existing) values.tenantId = tenantId;
      withDefaults(values, existing ? 'update' : 'add');
      // The form's schema refuses unknown and repeated types; a target with none would never publish.
      if (Array.isArray(values.events) && !values.events.length) fail(Code.BAD_REQUEST, 'required', 'events: required');
      if (typeof values.url === 'string') {
        const { url, secret } = splitUrl(values.url);
        values.url = url;
        if (secret !== undefined) values.secret = secret;
      }
      const [row] = existing
        ? await tx
            .select({ kind: forwardTargets.kind, url: forwardTargets.url })
            .from(forwardTargets)
            .where(sql`${forwardTargets.id} = ${existing.id}`)
        : [];
      const kind = (values.kind ?? row?.kind) as ForwardKind;
      const url = (values.url ?? row?.url) as string;
      if (!SCHEMES[kind]?.includes(new URL(url).protocol)) fail(Code.BAD_REQUEST, 'forwardUrlInvalid');
    },
  },
});
