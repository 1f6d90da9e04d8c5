import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../shared/api';
import { yuanToFen } from '../../shared/payments';
import { canMove } from '../../shared/state-machine';
import { carrierOf, CarrierError, withRetry, type RetryOptions } from '../../server/carrier';
import { rowsOf } from '../../server/db/rows';
import { devices } from '../../server/db/schema';
import { ApiError, fail } from '../../server/lib/api-error';
import { moveState } from '../../server/engine/transition';
import { PACKAGE_TYPE, simPackages } from '../sim-package';
import { ICCID_RE, SIM_MACHINE, SIM_SOURCE, SIM_STATE } from './resource';
import { simCards, simUsageMonths } from './table';

type SimCard = typeof simCards.$inferSelect;
type SimPackage = typeof simPackages.$inferSelect;

const DAY_MS = 86_400_000;
/** Retries of the carrier's transient failures; tests shorten the back-off. */
export const carrierRetry: RetryOptions = { attempts: 4, backoffMs: 200 };

/** The carrier's code of a package: its own `code`, else PKG-<id>. */
const packageCodeOf = (pkg: Pick<SimPackage, 'id' | 'code'>): string => pkg.code?.trim() || `PKG-${pkg.id}`;

/** A package's price in fen, for the payment interface. */
export const priceFenOf = (pkg: Pick<SimPackage, 'price'>): number => yuanToFen(Number(pkg.price));

/** A carrier call with retries; a failure that outlives them is 'carrierFailed'. */
async function ask<T>(app: FastifyInstance, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await withRetry(call, {
      ...carrierRetry,
      onRetry: (err, attempt) => app.log.info({ err: err.message, attempt, what }, 'carrier retry'),
    });
  } catch (err) {
    if (err instanceof CarrierError) {
      app.log.warn({ err: err.message, what }, 'carrier failed');
      throw new ApiError(Code.BAD_REQUEST, 'carrierFailed');
    }
    throw err;
  }
}

async function cardOf(app: FastifyInstance, tenantId: number | undefined, id: number): Promise<SimCard> {
  const [card] = await app.db
    .select()
    .from(simCards)
    .where(and(eq(simCards.id, id), tenantId === undefined ? undefined : eq(simCards.tenantId, tenantId)));
  if (!card) fail(Code.NOT_FOUND, 'notFound');
  return card!;
}

/** The tenant's package, with its price in fen (billing's view). */
async function findPackage(
  app: FastifyInstance,
  tenantId: number,
  packageId: number,
): Promise<(SimPackage & { priceFen: number }) | undefined> {
  const [pkg] = await app.db
    .select()
    .from(simPackages)
    .where(and(eq(simPackages.id, packageId), eq(simPackages.tenantId, tenantId)));
  return pkg ? { ...pkg, priceFen: priceFenOf(pkg) } : undefined;
}

/**
 * Puts a package on a card (after payment, or an administrator's change): asks the carrier to
 * change the package (retrying its transient failures) and records the package and its dates.
 * A data package (PACKAGE_TYPE.data) replaces the current one, valid `validityDays x periods`
 * from now; the card's current package again is 'alreadyCurrentPackage' unless `renew`, which
 * extends it from its expiry (or now, if it lapsed). Add-ons and top-ups go to the carrier and
 * leave the current package as it is. Idempotence is the caller's (bills apply once).
 */
export async function applyPackage(
  app: FastifyInstance,
  req: { tenantId: number; simCardId: number; packageId: number; periods?: number; renew?: boolean },
): Promise<void> {
  const card = await cardOf(app, req.tenantId, req.simCardId);
  const pkg = await findPackage(app, req.tenantId, req.packageId);
  if (!pkg) fail(Code.NOT_FOUND, 'notFound');
  const periods = Math.max(1, Math.floor(req.periods ?? 1));
  const replaces = pkg.type === PACKAGE_TYPE.data;
  const same = replaces && card.packageId === pkg.id;
  if (same && !req.renew) fail(Code.BAD_REQUEST, 'alreadyCurrentPackage');
  if (card.state === SIM_STATE.disassembled) fail(Code.BAD_REQUEST, 'noSuchTransition');
  await ask(app, 'changePackage', () => carrierOf(app).changePackage(card.iccid, packageCodeOf(pkg)));
  if (!replaces) return;
  const now = app.clock.now();
  const from =
    same && card.packageExpiresAt && card.packageExpiresAt.getTime() > now ? card.packageExpiresAt.getTime() : now;
  await app.db
    .update(simCards)
    .set({
      packageId: pkg.id,
      packageStartedAt: same && card.packageStartedAt ? card.packageStartedAt : new Date(now),
      packageExpiresAt: new Date(from + pkg.validityDays * periods * DAY_MS),
    })
    .where(eq(simCards.id, card.id));
}

/**
 * Cards whose suspend or resume is waiting on the carrier, per service: the sweep's settleCard
 * leaves them alone. Settling one mid-call judged it by the carrier's answer from before the call
 * finished (resuming -> stopped), and the call's own move then failed.
 */
const underWay = new WeakMap<FastifyInstance, Set<number>>();

async function whileUnderWay<T>(app: FastifyInstance, cardId: number, work: () => Promise<T>): Promise<T> {
  let ids = underWay.get(app);
  if (!ids) underWay.set(app, (ids = new Set()));
  ids.add(cardId);
  try {
    return await work();
  } finally {
    ids.delete(cardId);
  }
}

/**
 * Suspends (停机) a card: test/live active -> shutdown in progress while the carrier works ->
 * stopped once it confirmed. A carrier that keeps failing puts the card back where it was and
 * answers 'carrierFailed'. Any other starting state is 'noSuchTransition'.
 */
export async function suspendCard(app: FastifyInstance, tenantId: number | undefined, id: number): Promise<SimCard> {
  const card = await cardOf(app, tenantId, id);
  const target = { table: simCards, id: simCards.id, state: simCards.state };
  await whileUnderWay(app, card.id, async () => {
    await moveState(app.db, target, SIM_MACHINE, card.id, SIM_STATE.shuttingDown);
    try {
      await ask(app, 'suspend', () => carrierOf(app).suspend(card.iccid));
    } catch (err) {
      await moveState(app.db, target, SIM_MACHINE, card.id, card.state).catch(() => undefined);
      throw err;
    }
    await moveState(app.db, target, SIM_MACHINE, card.id, SIM_STATE.stopped);
  });
  return cardOf(app, tenantId, id);
}

/** Resumes (复机) a stopped card: stopped -> resuming -> live active once the carrier confirmed. */
export async function resumeCard(app: FastifyInstance, tenantId: number | undefined, id: number): Promise<SimCard> {
  const card = await cardOf(app, tenantId, id);
  const target = { table: simCards, id: simCards.id, state: simCards.state };
  await whileUnderWay(app, card.id, async () => {
    await moveState(app.db, target, SIM_MACHINE, card.id, SIM_STATE.resuming);
    try {
      await ask(app, 'resume', () => carrierOf(app).resume(card.iccid));
    } catch (err) {
      await moveState(app.db, target, SIM_MACHINE, card.id, SIM_STATE.stopped).catch(() => undefined);
      throw err;
    }
    const now = new Date(app.clock.now());
    await moveState(app.db, target, SIM_MACHINE, card.id, SIM_STATE.liveActive, {
      set: { activatedAt: sql`coalesce(${simCards.activatedAt}, ${now.toISOString()}::timestamptz)` },
    });
  });
  return cardOf(app, tenantId, id);
}

/**
 * Copies the carrier's count of this month's usage onto the card, and into the card's row of that
 * month (sim_usage_months), which stays when the card's counters move on to the next month.
 */
export async function syncUsage(app: FastifyInstance, card: Pick<SimCard, 'id' | 'iccid'>): Promise<void> {
  const usage = await ask(app, 'queryUsage', () => carrierOf(app).queryUsage(card.iccid));
  const syncedAt = new Date(app.clock.now());
  const counts = { dataMb: usage.dataMb, sms: usage.sms, voiceMin: usage.voiceMin, syncedAt };
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(simCards)
      .set({
        usageMonth: usage.month,
        dataUsedMb: usage.dataMb,
        smsUsed: usage.sms,
        voiceUsedMin: usage.voiceMin,
        usageSyncedAt: syncedAt,
      })
      .where(eq(simCards.id, card.id))
      .returning({ tenantId: simCards.tenantId, carrier: simCards.carrier });
    if (!row) return;
    await tx
      .insert(simUsageMonths)
      .values({ tenantId: row.tenantId, simCardId: card.id, carrier: row.carrier, month: usage.month, ...counts })
      .onConflictDoUpdate({
        target: [simUsageMonths.simCardId, simUsageMonths.month],
        set: { ...counts, carrier: row.carrier },
      });
  });
}

/**
 * Settles a card left in between (shutdown in progress, resuming: the replica stopped while the
 * carrier worked) by the carrier's status; not one whose call is still under way here. Returns
 * whether it moved.
 */
export async function settleCard(
  app: FastifyInstance,
  card: Pick<SimCard, 'id' | 'iccid' | 'state'>,
): Promise<boolean> {
  if (card.state !== SIM_STATE.shuttingDown && card.state !== SIM_STATE.resuming) return false;
  if (underWay.get(app)?.has(card.id)) return false;
  const status = await ask(app, 'status', () => carrierOf(app).status(card.iccid));
  const to =
    status.state === 'suspended'
      ? SIM_STATE.stopped
      : status.state === 'active'
        ? SIM_STATE.liveActive
        : SIM_STATE.exception;
  if (!canMove(SIM_MACHINE, card.state, to)) return false;
  await moveState(app.db, { table: simCards, id: simCards.id, state: simCards.state }, SIM_MACHINE, card.id, to);
  return true;
}

/** Binds a card to a device of its tenant: one card per device, one device per card. */
export async function bindCard(
  app: FastifyInstance,
  tenantId: number | undefined,
  req: { id: number; deviceId?: number; imei?: string },
): Promise<SimCard> {
  const card = await cardOf(app, tenantId, req.id);
  const where =
    req.deviceId !== undefined ? eq(devices.id, req.deviceId) : req.imei ? eq(devices.imei, req.imei) : undefined;
  if (!where) fail(Code.BAD_REQUEST, 'required');
  const [device] = await app.db
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .where(and(where, eq(devices.tenantId, card.tenantId)));
  if (!device) fail(Code.NOT_FOUND, 'notFound');
  if (card.deviceId === device.id) return card;
  if (card.deviceId != null) fail(Code.BAD_REQUEST, 'simCardBound');
  const [taken] = await app.db.select({ id: simCards.id }).from(simCards).where(eq(simCards.deviceId, device.id));
  if (taken) fail(Code.BAD_REQUEST, 'deviceHasSim');
  const bound = await app.db
    .update(simCards)
    .set({ deviceId: device.id, imei: device.imei })
    .where(and(eq(simCards.id, card.id), isNull(simCards.deviceId)))
    .returning({ id: simCards.id })
    .catch((err: unknown) => {
      // The unique index caught a concurrent bind of the same device.
      if (
        String((err as { code?: string }).code ?? (err as Error).message).includes('23505') ||
        /unique/i.test(String(err))
      )
        fail(Code.BAD_REQUEST, 'deviceHasSim');
      throw err;
    });
  if (!bound.length) fail(Code.BAD_REQUEST, 'simCardBound');
  return cardOf(app, tenantId, req.id);
}

/** Unbinds a card from its device; a card bound to nothing is 'noBoundCard'. */
export async function unbindCard(app: FastifyInstance, tenantId: number | undefined, id: number): Promise<void> {
  const card = await cardOf(app, tenantId, id);
  if (card.deviceId == null && !card.imei) fail(Code.BAD_REQUEST, 'noBoundCard');
  await app.db.update(simCards).set({ deviceId: null, imei: null }).where(eq(simCards.id, card.id));
}

/** The card of a device (DeviceSim's lookup); none is 'noBoundCard'. */
export async function cardOfDevice(
  app: FastifyInstance,
  tenantId: number | undefined,
  deviceId: number,
): Promise<SimCard> {
  const [device] = await app.db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), tenantId === undefined ? undefined : eq(devices.tenantId, tenantId)));
  if (!device) fail(Code.NOT_FOUND, 'notFound');
  const [card] = await app.db.select().from(simCards).where(eq(simCards.deviceId, device.id));
  if (!card) fail(Code.BAD_REQUEST, 'noBoundCard');
  return card!;
}

/**
 * Cards found from devices' reported ICCIDs: every device (of `tenantId`, or all) whose ICCID
 * is well formed and not yet a card of its company gets one, bound to it (unless the device
 * already has a card), live active, source 'device'. One statement; the unique indexes keep
 * concurrent sweeps of several replicas from doubling a card. Returns the cards created.
 */
export async function discoverCards(app: FastifyInstance, tenantId?: number): Promise<number> {
  const pattern = ICCID_RE.source;
  const res = await app.db.execute(sql`
    insert into sim_cards (tenant_id, iccid, imsi, device_id, imei, state, source, opened_at, activated_at)
    select d.tenant_id, d.iccid, d.imsi,
           case when exists (select 1 from sim_cards b where b.device_id = d.id) then null else d.id end,
           case when exists (select 1 from sim_cards b where b.device_id = d.id) then null else d.imei end,
           ${SIM_STATE.liveActive}, ${SIM_SOURCE.device}, d.created_at, d.created_at
    from devices d
    where d.iccid ~ ${pattern}
      ${tenantId === undefined ? sql`` : sql`and d.tenant_id = ${tenantId}`}
      and not exists (select 1 from sim_cards s where s.tenant_id = d.tenant_id and s.iccid = d.iccid)
    on conflict do nothing
    returning id`);
  return rowsOf<{ id: number }>(res).length;
}

/** Cards of a tenant (or all) to sync, ids only. */
export async function syncableCards(
  app: FastifyInstance,
  tenantId?: number,
  ids?: number[],
): Promise<Pick<SimCard, 'id' | 'iccid' | 'state'>[]> {
  return app.db
    .select({ id: simCards.id, iccid: simCards.iccid, state: simCards.state })
    .from(simCards)
    .where(
      and(
        tenantId === undefined ? undefined : eq(simCards.tenantId, tenantId),
        ids?.length ? inArray(simCards.id, ids) : undefined,
      ),
    )
    .orderBy(simCards.id);
}
