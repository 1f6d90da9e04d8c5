import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PasswordHasher } from '../auth/passwords';
import type { Db, Tx } from './driver';
import { roleResources, roles, tenants, userRoles, users } from './schema';
import { syncCatalogue, type Catalogue } from './seed-catalogue';
import { seedAlarms } from './seed-alarms';
import { seedDevices, seedDevicesIfMissing, seedProtocolDevicesIfMissing } from './seed-devices';
import { seedInstallations } from './seed-installations';
import { seedRecordings } from './seed-recordings';
import { ENTITY_SEEDS } from '../../entities/seeds.gen';
import { orderSeeds, type SeedContext } from './entity-seeds';
import { seedFaces } from '../faces';
import { seedReadings } from './seed-readings';
import { seedTracks } from './seed-tracks';
import { seedIndoor } from './seed-indoor';
import { seedSiteOps, seedSiteOpsIfMissing } from './seed-site-ops';
import { seedWorkers, seedWorkersIfMissing } from './seed-workers';
import type { ScenarioKey } from '../../shared/routes';

export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', note: 'platform super administrator' },
  { username: 'demo', password: 'demo123', note: 'administrator of "Demo Site"; SMS login with phone 13800000000' },
] as const;
const DEMO_PHONE = '13800000000';

interface SeedOptions {
  hasher: PasswordHasher;
  production: boolean;
  adminPassword?: string;
}

export interface SeedResult {
  /** False when the database already had tenants (nothing was written). */
  seeded: boolean;
  demo: boolean;
  /** Set only when this run generated the production administrator's password. */
  generatedAdminPassword?: string;
}

/**
 * The entity folders' seeds in the order they run (src/server/db/entity-seeds.ts: each after the
 * folders its `after` names, else by name): the community before the rights and utility accounts
 * in it and the ads shown there, the catalogue before the orders, the SIM cards and the mall's
 * payments before the bills, the approvals before the announcements, plans and attendance.
 */
export const ENTITY_SEEDS_IN_ORDER = orderSeeds(ENTITY_SEEDS);

// Any constant works; it only has to be the same for every replica.
const SEED_LOCK = 720_402;
// Never a valid argon2 hash, so the visitor cannot log in with a password.
const NO_PASSWORD = '!';

/**
 * Seeds an empty database. Replicas starting together serialise on an advisory lock inside the
 * transaction; the later ones then see the tenants and leave.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return upgradeCatalogue(db, opts.production);

  const generated = opts.production && !opts.adminPassword ? randomBytes(12).toString('base64url') : undefined;
  const adminPassword = opts.production ? (opts.adminPassword ?? generated!) : 'admin123';
  const adminHash = await opts.hasher.hash(adminPassword);
  const demoHash = opts.production ? '' : await opts.hasher.hash('demo123');

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [again] = await tx.select({ n: count() }).from(tenants);
    if ((again?.n ?? 0) > 0) return { seeded: false, demo: false };

    const catalogue = await syncCatalogue(tx);
    const [platform] = await tx.insert(tenants).values({ name: 'Platform' }).returning({ id: tenants.id });
    await tx.insert(users).values({
      tenantId: platform!.id,
      username: 'admin',
      name: 'Super administrator',
      passwordHash: adminHash,
      kind: 'super',
    });
    if (opts.production) return { seeded: true, demo: false, generatedAdminPassword: generated };

    const [site] = await tx
      .insert(tenants)
      .values({ name: 'Demo Site', address: 'Demo Road 1', phone: '010-00000000' })
      .returning({ id: tenants.id });
    const tenantId = site!.id;
    const [demo, visitor] = await tx
      .insert(users)
      .values([
        {
          tenantId,
          username: 'demo',
          name: 'Demo administrator',
          phone: DEMO_PHONE,
          passwordHash: demoHash,
          kind: 'admin',
        },
        { tenantId, username: 'visitor', name: 'Visitor', passwordHash: NO_PASSWORD, kind: 'visitor' },
      ])
      .returning({ id: users.id });
    const [adminRole, visitorRole] = await tx
      .insert(roles)
      .values([
        { tenantId, name: 'Administrator', description: 'Every menu and button', creatorId: demo!.id },
        {
          tenantId,
          name: 'Visitor',
          description: 'Every menu outside organisation management, read only',
          creatorId: demo!.id,
        },
      ])
      .returning({ id: roles.id });
    await tx
      .insert(roleResources)
      .values([
        ...catalogue.all.map((resourceId) => ({ tenantId, roleId: adminRole!.id, resourceId })),
        ...visitorResources(catalogue).map((resourceId) => ({ tenantId, roleId: visitorRole!.id, resourceId })),
      ]);
    await tx.insert(userRoles).values([
      { tenantId, userId: demo!.id, roleId: adminRole!.id },
      { tenantId, userId: visitor!.id, roleId: visitorRole!.id },
    ]);
    await seedDevices(tx, { platformTenantId: platform!.id, demoTenantId: tenantId });
    await seedAlarms(tx, tenantId);
    await seedTracks(tx, tenantId);
    // Two weeks of reading rollups of every demo device, so every telemetry chart has history.
    await seedReadings(tx, tenantId);
    await seedIndoor(tx, tenantId);
    // The site's workers wear its helmets and tags; a month of their punches (attendance).
    await seedWorkers(tx, tenantId);
    await seedInstallations(tx, tenantId);
    await seedRecordings(tx, tenantId);
    await seedFaces(tx, tenantId);
    // Site operations: warehouse, duty roster, annual inspections, production batches.
    await seedSiteOps(tx, tenantId);
    // Then the entity folders' demo data (src/entities/<name>/seed.ts), each after the ones it names.
    const ctx: SeedContext = { tenantId, platformTenantId: platform!.id };
    for (const { seed } of ENTITY_SEEDS_IN_ORDER) await seed.demo(tx, ctx);
    return { seeded: true, demo: true };
  });
}

// A guest sees the demo site, not who works there or what they may do.
const VISITOR_HIDDEN: readonly ScenarioKey[] = ['org'];

function visitorResources(catalogue: Pick<Catalogue, 'byScenario'>, only?: Set<number>): number[] {
  const ids = [...catalogue.byScenario].filter(([key]) => !VISITOR_HIDDEN.includes(key)).flatMap(([, list]) => list);
  return only ? ids.filter((id) => only.has(id)) : ids;
}

/**
 * On an existing database: add the resources a newer release brought. Outside production the
 * demo roles receive them too, so the demo keeps showing every screen after an upgrade.
 */
async function upgradeCatalogue(db: Db, production: boolean): Promise<SeedResult> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const catalogue = await syncCatalogue(tx);
    if (production) return;
    await seedDevicesIfMissing(tx);
    await seedProtocolDevicesIfMissing(tx);
    await seedSiteOpsIfMissing(tx);
    await seedWorkersIfMissing(tx);
    for (const { seed } of ENTITY_SEEDS_IN_ORDER) await seed.ifMissing?.(tx);
    if (catalogue.added.length === 0) return;
    await grantToDemoRole(tx, 'Administrator', catalogue.added);
    await grantToDemoRole(tx, 'Visitor', visitorResources(catalogue, new Set(catalogue.added)));
  });
  return { seeded: false, demo: false };
}

async function grantToDemoRole(tx: Tx, roleName: string, resourceIds: number[]): Promise<void> {
  if (resourceIds.length === 0) return;
  const [role] = await tx
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .innerJoin(tenants, eq(tenants.id, roles.tenantId))
    .where(and(eq(tenants.name, 'Demo Site'), eq(roles.name, roleName)));
  if (!role) return;
  const have = await tx
    .select({ id: roleResources.resourceId })
    .from(roleResources)
    .where(and(eq(roleResources.roleId, role.id), inArray(roleResources.resourceId, resourceIds)));
  const held = new Set(have.map((r) => r.id));
  const rows = resourceIds
    .filter((id) => !held.has(id))
    .map((resourceId) => ({ tenantId: role.tenantId, roleId: role.id, resourceId }));
  if (rows.length > 0) await tx.insert(roleResources).values(rows);
}
