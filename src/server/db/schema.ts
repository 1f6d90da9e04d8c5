import { index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndexes, ts } from './columns';
import { tenants, users } from './schema-tenancy';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [...trigramIndexes('roles', t.name, t.description), index('roles_tenant_idx').on(t.tenantId, t.id)],
);

/** The platform-wide permission catalogue (directories, menus, buttons); not tenant-owned. */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    pid: integer('pid').notNull().default(0),
    name: text('name').notNull(),
    enName: text('en_name'),
    icon: text('icon'),
    uri: text('uri'),
    value: text('value'),
    mark: text('mark'),
    status: smallint('status').notNull().default(1),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('resources', t.name, t.enName, t.uri, t.value, t.mark),
    index('resources_pid_idx').on(t.pid),
    index('resources_sort_idx').on(t.sort, t.id),
    index('resources_type_idx').on(t.type, t.sort, t.id),
  ],
);

// Link tables carry tenant_id too, so the tenant scope filter applies to them like any other row.
export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const roleResources = pgTable(
  'role_resources',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.resourceId] }), index('role_resources_resource_idx').on(t.resourceId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** A tenant administrator's request to upgrade to an enterprise account, reviewed by a super administrator. */
export const tenantApplications = pgTable(
  'tenant_applications',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.id, { onDelete: 'set null' }),
    contact: text('contact').notNull(),
    phone: text('phone').notNull(),
    note: text('note'),
    status: smallint('status').notNull().default(1),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    ...trigramIndexes('tenant_applications', t.contact, t.phone),
    index('tenant_applications_tenant_idx').on(t.tenantId, t.id),
    index('tenant_applications_status_idx').on(t.tenantId, t.status, t.id),
  ],
);

/** One live code per phone; a new send replaces it. */
export const smsCodes = pgTable('sms_codes', {
  phone: text('phone').primaryKey(),
  codeHash: text('code_hash').notNull(),
  sentAt: ts('sent_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  tries: integer('tries').notNull().default(0),
});

/** Throttling counters live in the database so every replica sees the same window. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  windowStart: ts('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
  /** The latest failure: back-off counts from it. */
  lastAt: ts('last_at'),
});

/** Files a tenant uploaded (floor pictures ...): what counts against its UPLOAD_QUOTA_MB. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_name_uq').on(t.name), index('uploads_tenant_idx').on(t.tenantId)],
);

/** Auto-login tickets already exchanged: a ticket opens one session, once. */
export const usedTickets = pgTable('used_tickets', {
  nonce: text('nonce').primaryKey(),
  usedAt: ts('used_at').notNull(),
});

/** Login and SMS-code attempts that failed or were throttled (docs/security.md). */
export const authAudit = pgTable(
  'auth_audit',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull(),
    /** 'password' | 'sms' | 'smsSend'. */
    kind: text('kind').notNull(),
    /** The account name or phone tried (never a password or code). */
    account: text('account').notNull(),
    address: text('address').notNull(),
    /** 'failed' | 'throttled'. */
    outcome: text('outcome').notNull(),
  },
  (t) => [
    ...trigramIndexes('auth_audit', t.account, t.address),
    index('auth_audit_at_idx').on(t.at),
    index('auth_audit_account_idx').on(t.account, t.at),
    index('auth_audit_kind_idx').on(t.kind, t.id),
  ],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type TenantRow = typeof tenants.$inferSelect;
export type ResourceRow = typeof resources.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

export * from './schema-tenancy';
export * from './schema-devices';
export * from './schema-telemetry';
export * from './schema-alarms';
export * from './schema-jobs';
// The tables of the entity folders (src/entities/<name>/server.ts), listed by scripts/entities.mjs.
export * from '../../entities/tables.gen';
