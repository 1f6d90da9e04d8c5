import { and, asc, eq } from 'drizzle-orm';
import { createRng, seedOf } from '../../shared/prng';
import { addMonths, daysInMonth, monthOf } from '../../shared/months';
import { CARRIER_LINE, hoursIntoMonth, ratesOf } from '../../server/carrier/simulated';
import { devices, carrierLines } from '../../server/db/schema';
import type { Tx } from '../../server/db/driver';
import { CARD_TYPE, PACKAGE_TYPE, simPackages } from '../sim-package';
import { SIM_CARRIER, SIM_STATE } from './resource';
import { simCards, simUsageMonths } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;

const CARDS = 30;
const BOUND = 24;

/** Demo ICCIDs: 8986 (China) + issuer digits by carrier + a serial, 20 digits. */
const demoIccid = (i: number, carrier: number) =>
  `8986${['00', '04', '01', '03'][carrier]}${String(21_000_000_000_000 + i).slice(-14)}`;

/** The six packages every demo company sells (prices in yuan). */
export const DEMO_PACKAGES = [
  {
    name: '物联网基础包 100MB/月',
    code: 'CMIOT-100M',
    price: 5,
    type: PACKAGE_TYPE.data,
    validityDays: 30,
    dataMb: 100,
    smsCount: 20,
    voiceMinutes: 0,
    cardType: CARD_TYPE.any,
    note: '低流量终端（定位器、表计）',
  },
  {
    name: '物联网标准包 1GB/月',
    code: 'CMIOT-1G',
    price: 15,
    type: PACKAGE_TYPE.data,
    validityDays: 30,
    dataMb: 1024,
    smsCount: 50,
    voiceMinutes: 30,
    cardType: CARD_TYPE.industrial,
    note: '门口机、网关常用',
  },
  {
    name: '大流量包 5GB/月',
    code: 'CMIOT-5G',
    price: 39,
    type: PACKAGE_TYPE.data,
    validityDays: 30,
    dataMb: 5120,
    smsCount: 100,
    voiceMinutes: 100,
    cardType: CARD_TYPE.industrial,
    note: '视频类终端',
  },
  {
    name: 'NB-IoT 年包 500MB',
    code: 'NB-Y500M',
    price: 20,
    type: PACKAGE_TYPE.data,
    validityDays: 365,
    dataMb: 500,
    smsCount: 0,
    voiceMinutes: 0,
    cardType: CARD_TYPE.nbIot,
    note: '烟感、水表等NB终端',
  },
  {
    name: '流量叠加包 500MB',
    code: 'ADD-500M',
    price: 8,
    type: PACKAGE_TYPE.addOn,
    validityDays: 30,
    dataMb: 500,
    smsCount: 0,
    voiceMinutes: 0,
    cardType: CARD_TYPE.any,
    note: '当月有效，与主套餐叠加',
  },
  {
    name: 'Global roaming 1GB',
    code: 'ROAM-1G',
    price: 49,
    type: PACKAGE_TYPE.data,
    validityDays: 30,
    dataMb: 1024,
    smsCount: 20,
    voiceMinutes: 20,
    cardType: CARD_TYPE.consumer,
    language: 1,
    note: 'English-language package for export devices',
  },
];

/** States of the 30 demo cards, in order: mostly live, a few of every other kind. */
const STATES: number[] = [
  ...Array<number>(19).fill(SIM_STATE.liveActive),
  SIM_STATE.testActive,
  SIM_STATE.testActive,
  SIM_STATE.stopped,
  SIM_STATE.stopped,
  SIM_STATE.exception,
  SIM_STATE.activatable,
  SIM_STATE.activatable,
  SIM_STATE.stopped,
  SIM_STATE.liveActive,
  SIM_STATE.disassembled,
  SIM_STATE.liveActive,
];

/**
 * /Package, /packageList, /SIMCard and /DeviceSim on a fresh demo: six packages, 30 cards in
 * every state, 24 of them bound to demo devices (whose ICCID column gets the card's), with this
 * month's usage as the simulated carrier counts it. Two more demo devices report an ICCID that
 * is no card yet: the first sweep finds them (source "reported by device").
 */
async function seedSimCards(tx: Tx, tenantId: number, opts: { now?: number; timeZone?: string } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const timeZone = opts.timeZone ?? 'Asia/Shanghai';
  const rng = createRng(seedOf('sim-cards'));
  const pkgs = await tx
    .insert(simPackages)
    .values(
      DEMO_PACKAGES.map((p, i) => ({
        tenantId,
        multiplier: 1,
        language: 0,
        ...p,
        createdAt: new Date(now - (60 - i) * DAY_MS),
      })),
    )
    .returning();
  const mains = pkgs.filter((p) => p.type === PACKAGE_TYPE.data);
  const fleet = await tx
    .select({ id: devices.id, imei: devices.imei, iccid: devices.iccid })
    .from(devices)
    .where(eq(devices.tenantId, tenantId))
    .orderBy(asc(devices.id))
    .limit(BOUND + 2);
  const month = monthOf(now, timeZone);
  const hours = hoursIntoMonth(now, timeZone);
  const cards: (typeof simCards.$inferInsert)[] = [];
  const lines: (typeof carrierLines.$inferInsert)[] = [];
  for (let i = 0; i < CARDS; i++) {
    const carrier =
      i % 5 === 3 ? SIM_CARRIER.chinaUnicom : i % 5 === 4 ? SIM_CARRIER.chinaTelecom : SIM_CARRIER.chinaMobile;
    const state = STATES[i]!;
    const device = i < BOUND ? fleet[i] : undefined;
    const iccid = device?.iccid && /^\d{19,20}$/.test(device.iccid) ? device.iccid : demoIccid(i + 1, carrier);
    const inService = state === SIM_STATE.liveActive || state === SIM_STATE.testActive || state === SIM_STATE.exception;
    const used = state !== SIM_STATE.activatable && state !== SIM_STATE.disassembled;
    // Stopped cards were in service for the first third of the month.
    const activeHours = inService ? hours : used ? hours / 3 : 0;
    const r = ratesOf(iccid);
    const pkg = used ? mains[i % mains.length]! : undefined;
    const opened = now - (200 + rng.int(0, 300)) * DAY_MS;
    const started = now - rng.int(1, 25) * DAY_MS;
    cards.push({
      tenantId,
      iccid,
      imsi: `4600${carrier === SIM_CARRIER.chinaMobile ? 4 : carrier === SIM_CARRIER.chinaUnicom ? 6 : 3}${String(1_000_000_000 + i * 7919).slice(-10)}`,
      msisdn: `1440${String(100_000_000 + i * 104_729).slice(-9)}`,
      deviceId: device?.id ?? null,
      imei: device?.imei ?? null,
      supplyCode: `GH-2026-${String(1 + (i % 4)).padStart(2, '0')}`,
      carrier,
      state,
      packageId: pkg?.id ?? null,
      packageStartedAt: pkg ? new Date(started) : null,
      packageExpiresAt: pkg ? new Date(started + pkg.validityDays * DAY_MS) : null,
      openedAt: new Date(opened),
      activatedAt: state === SIM_STATE.activatable ? null : new Date(opened + rng.int(1, 20) * DAY_MS),
      usageMonth: used ? month : null,
      dataUsedMb: Math.round(r.dataMb * activeHours * 100) / 100,
      smsUsed: Math.floor(r.sms * activeHours),
      voiceUsedMin: Math.floor(r.voiceMin * activeHours),
      usageSyncedAt: used ? new Date(now) : null,
      createdAt: new Date(opened),
    });
    if (used) {
      lines.push({
        iccid,
        state: inService ? CARRIER_LINE.active : CARRIER_LINE.suspended,
        packageCode: pkg ? (pkg.code ?? `PKG-${pkg.id}`) : null,
        month,
        dataMb: r.dataMb * activeHours,
        sms: r.sms * activeHours,
        voiceMin: r.voiceMin * activeHours,
        grownAt: new Date(now),
      });
    }
  }
  const inserted = await tx
    .insert(simCards)
    .values(cards)
    .onConflictDoNothing()
    .returning({ id: simCards.id, iccid: simCards.iccid, carrier: simCards.carrier, state: simCards.state });
  // Usage by month for /Report: this month's as on the card, and five whole months before it
  // (in service all month, some variation month to month).
  const usage: (typeof simUsageMonths.$inferInsert)[] = [];
  for (const c of inserted) {
    const card = cards.find((x) => x.iccid === c.iccid)!;
    if (!card.usageMonth) continue;
    usage.push({
      tenantId,
      simCardId: c.id,
      carrier: c.carrier,
      month,
      dataMb: card.dataUsedMb ?? 0,
      sms: card.smsUsed ?? 0,
      voiceMin: card.voiceUsedMin ?? 0,
      syncedAt: new Date(now),
    });
    const r = ratesOf(c.iccid);
    let m = month;
    for (let back = 1; back <= 5; back++) {
      m = addMonths(m, -1);
      const hoursOfMonth = 24 * daysInMonth(m) * rng.range(0.8, 1.2);
      usage.push({
        tenantId,
        simCardId: c.id,
        carrier: c.carrier,
        month: m,
        dataMb: Math.round(r.dataMb * hoursOfMonth * 100) / 100,
        sms: Math.floor(r.sms * hoursOfMonth),
        voiceMin: Math.floor(r.voiceMin * hoursOfMonth),
        syncedAt: new Date(now - back * 28 * DAY_MS),
      });
    }
  }
  if (usage.length) await tx.insert(simUsageMonths).values(usage).onConflictDoNothing();
  if (lines.length) await tx.insert(carrierLines).values(lines).onConflictDoNothing();
  // The bound devices report their card's ICCID; two more report cards nobody added yet.
  for (const [i, device] of fleet.entries()) {
    const iccid = i < BOUND ? cards[i]!.iccid : demoIccid(100 + i, SIM_CARRIER.chinaMobile);
    if (device.iccid !== iccid)
      await tx
        .update(devices)
        .set({ iccid })
        .where(and(eq(devices.id, device.id), eq(devices.tenantId, tenantId)));
  }
}

export default defineSeed({
  demo: (tx, { tenantId }) => seedSimCards(tx, tenantId),
});
