import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from '../../server/db/columns';
import { roles } from '../role/table';
import { tenants } from '../tenant/table';
import { users } from '../user/table';

/**
 * One integration key (src/entities/integration-key/resource.ts). `keyHash` is the SHA-256 of the
 * whole key: every request looks its row up by it (unique index), so a revocation, a rotation or
 * an expiry counts on the very next request of every replica, with no cache to outlive it.
 */
export const integrationKeys = pgTable(
  'integration_keys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public part of the key (`ik_<prefix>_...`), shown in the list to tell keys apart. */
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's own account (kind `integration`) and its role, which holds the key's scopes. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    expiresAt: ts('expires_at'),
    /** IPs and CIDR ranges, comma or line separated; empty: any address. */
    allowedAddresses: text('allowed_addresses'),
    revokedAt: ts('revoked_at'),
    /** Written at most once a minute (keys.ts), like a session's last-seen time. */
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('integration_keys_hash_uq').on(t.keyHash),
    uniqueIndex('integration_keys_prefix_uq').on(t.prefix),
    index('integration_keys_user_idx').on(t.userId),
    index('integration_keys_tenant_id_idx').on(t.tenantId, t.id),
    index('integration_keys_tenant_prefix_idx').on(t.tenantId, t.prefix, t.id),
    index('integration_keys_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('integration_keys_tenant_expires_idx').on(t.tenantId, t.expiresAt, t.id),
    index('integration_keys_tenant_used_idx').on(t.tenantId, t.lastUsedAt, t.id),
    index('integration_keys_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    ...trigramIndexes('integration_keys', t.name),
  ],
);
