import { pgTable, serial, integer, text, smallint, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, trigramIndexes } from '../../server/db/columns';
import type { UserKind } from '../../shared/session';
import { departments } from '../department/table';
import { tenants } from '../tenant/table';

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

export type UserRow = typeof users.$inferSelect;
