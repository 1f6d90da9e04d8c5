import { index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserKind } from '../../shared/session';
import { createdAt, trigramIndexes, ts, updatedAt } from './columns';

// The tables every other schema module points at; here so none of them imports schema.ts back.
export const tenants = pgTable(
  'tenants',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    status: smallint('status').notNull().default(1),
    /** Days recordings and photos are kept (/CloudStorage; pinned ones always); 0 keeps them forever. */
    mediaRetentionDays: integer('media_retention_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [...trigramIndexes('tenants', t.name, t.address), index('tenants_status_idx').on(t.status, t.id)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    pid: integer('pid').notNull().default(0),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [...trigramIndexes('departments', t.name), index('departments_tenant_idx').on(t.tenantId, t.sort, t.id)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    name: text('name').notNull().default(''),
    nickname: text('nickname'),
    // Postgres treats NULLs as distinct, so the unique index only binds phones that are set.
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    gender: smallint('gender').notNull().default(0),
    status: smallint('status').notNull().default(1),
    kind: text('kind').$type<UserKind>().notNull().default('user'),
    parentPhone: text('parent_phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...trigramIndexes('users', t.username, t.name, t.phone),
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_phone_uq').on(t.phone),
    index('users_tenant_idx').on(t.tenantId),
    // The list's default paging and the name sort run on these within one tenant.
    index('users_tenant_name_idx').on(t.tenantId, t.name, t.id),
    index('users_tenant_id_idx').on(t.tenantId, t.id),
    index('users_tenant_gender_idx').on(t.tenantId, t.gender, t.id),
    // The department list's user count.
    index('users_department_idx').on(t.departmentId),
  ],
);

// Roles, the permission catalogue, sessions, enterprise applications and the sign-in audit: here
// rather than in schema.ts, so the entity folders that bind them (src/entities/role, resource, user,
// tenant-application, sign-in-audit) and the repositories their hooks call need not import schema.ts,
// which lists those folders.
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

/**
 * A browser or installed app subscribed to Web Push for its user (src/server/webpush/,
 * docs/alarms.md "Push to phones"): the push service's endpoint and the browser's keys.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull(),
    lastDeliveryAt: ts('last_delivery_at'),
    /** The push service's last answer (201, 429, 500 ...; 0: unreachable), null before the first. */
    lastStatus: integer('last_status'),
    /** Answers other than success since the last success or subscription. */
    failures: integer('failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * What a user wants pushed to their phones (docs/alarms.md "Push to phones"): PHONE_PUSH_KINDS
 * (src/shared/alarms/phone-push.ts). No row: every kind. An SOS reaches on-duty staff whatever
 * they chose.
 */
export const pushPreferences = pgTable('push_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  kinds: jsonb('kinds').$type<string[]>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});

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
