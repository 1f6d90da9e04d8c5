import { index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserKind } from '../../shared/session';
import { createdAt, trigramIndexes, ts } from './columns';

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
    updatedAt: ts('updated_at').notNull().defaultNow(),
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
