import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { UserInfo } from '../../shared/auth';
import type { Db } from '../db/driver';
import { roles, tenants, userRoles, users, type UserRow } from '../db/schema';
import { scopedWhere, type Scope } from '../db/scope';
import { marksFor } from './navigation';

export interface UserWithTenant {
  user: UserRow;
  tenantName: string;
  tenantStatus: number;
}

async function findOne(db: Db, scope: Scope, condition: SQL): Promise<UserWithTenant | undefined> {
  const [row] = await db
    .select({ user: users, tenantName: tenants.name, tenantStatus: tenants.status })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(scopedWhere(scope, users, condition))
    .limit(1);
  return row;
}

export const findUserByUsername = (db: Db, scope: Scope, username: string) =>
  findOne(db, scope, eq(users.username, username));

export const findUserByPhone = (db: Db, scope: Scope, phone: string) => findOne(db, scope, eq(users.phone, phone));

export const findUserById = (db: Db, scope: Scope, id: number) => findOne(db, scope, eq(users.id, id));

/** The first enabled visitor account (the demo tenant's read-only guest). */
export const findVisitor = (db: Db, scope: Scope) =>
  findOne(db, scope, and(eq(users.kind, 'visitor'), eq(users.status, 1), eq(tenants.status, 1))!);

export async function listUsers(db: Db, scope: Scope): Promise<UserRow[]> {
  return db.select().from(users).where(scopedWhere(scope, users)).orderBy(asc(users.id));
}

export async function setPasswordHash(db: Db, scope: Scope, userId: number, passwordHash: string, now: number) {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(now) })
    .where(scopedWhere(scope, users, eq(users.id, userId)));
}

/** The login answer's `data` (stored by the console as `usinfo`). */
/** The login answer of a user; `timeZone` is the tenant's zone (the service's TIME_ZONE: tenants have none of their own). */
export async function userInfo(db: Db, scope: Scope, found: UserWithTenant, timeZone: string): Promise<UserInfo> {
  const u = found.user;
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(scopedWhere(scope, userRoles, eq(userRoles.userId, u.id)))
    .orderBy(asc(roles.id));
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    nickname: u.nickname,
    phone: u.phone,
    email: u.email,
    kind: u.kind,
    tenantId: u.tenantId,
    tenantName: found.tenantName,
    departmentId: u.departmentId,
    roles: roleRows,
    marks: await marksFor(db, scope),
    timeZone,
  };
}
