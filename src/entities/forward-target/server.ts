import { sql } from 'drizzle-orm';
import { Code } from '../../shared/api';
import { URL_PASSWORD_MASK } from '../../server/auth/log-redact';
import { isPlatformScope } from '../../server/db/scope';
import { superOnly } from '../../server/engine/guards';
import { defineEntity } from '../../server/engine/registry';
import type { Row } from '../../server/engine/types';
import { fail } from '../../server/lib/api-error';
import forwardTarget, { FORWARD_DEFAULTS, type ForwardKind } from './resource';
import { forwardTargets } from './table';

const SCHEMES: Record<ForwardKind, readonly string[]> = { amqp: ['amqp:', 'amqps:'], mqtt: ['mqtt:', 'mqtts:'] };

/**
 * The URL as stored (password masked) and the password apart. A password equal to the mask is
 * the form sending back what it was shown: the stored secret stays.
 */
export function splitUrl(raw: string): { url: string; secret: string | null | undefined } {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return fail(Code.BAD_REQUEST, 'forwardUrlInvalid');
  }
  if (!u.hostname) fail(Code.BAD_REQUEST, 'forwardUrlInvalid');
  if (!u.password) return { url: raw, secret: null };
  if (u.password === URL_PASSWORD_MASK) return { url: raw, secret: undefined };
  const secret = decodeURIComponent(u.password);
  u.password = URL_PASSWORD_MASK;
  return { url: u.toString(), secret };
}

/** The stored URL with its password put back: what the transports connect with. */
export function joinUrl(url: string, secret: string | null): string {
  if (!secret) return url;
  const u = new URL(url);
  u.password = secret;
  return u.toString();
}

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
