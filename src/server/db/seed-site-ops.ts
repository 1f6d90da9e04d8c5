import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { annualInspections } from '../../entities/annual-inspection';
import { dutyRecords } from '../../entities/duty-record';
import { BATCH_STATE, QA_RESULT, productionBatches, productionBatchRecords } from '../../entities/production-batch';
import { WAREHOUSE_MOVE, type WarehouseMove, warehouseItems, warehouseMovements } from '../../entities/warehouse-item';
import { products } from '../../entities/device-product';
import { productionRecords } from '../../entities/production-record';
import { tenants, users } from './schema';
import type { Tx } from './driver';

const DAY_MS = 86_400_000;
/** UTC midnight of the day `ms` falls on, plus `days`. */
const dayAt = (ms: number, days = 0) => new Date(Math.floor(ms / DAY_MS) * DAY_MS + days * DAY_MS);
// Never a valid argon2 hash: the duty staff are people on the roster, not console logins.
const NO_PASSWORD = '!';

interface DemoItem {
  name: string;
  category: string;
  location: string;
  alertBelow: number;
  /** Movements in order, tons (adjust signed). */
  moves: [WarehouseMove, number, string?][];
}

const ITEMS: DemoItem[] = [
  {
    name: '钢筋 HRB400 Φ16',
    category: '钢材',
    location: '1号料场',
    alertBelow: 10,
    moves: [
      ['in', 80],
      ['used', 22.35, '2#楼 3层梁板'],
      ['in', 40.5],
      ['used', 31.8, '2#楼 4层梁板'],
      ['unqualified', 1.215, '锈蚀退回'],
      ['used', 18.4],
    ],
  },
  {
    name: '水泥 P.O 42.5',
    category: '胶凝材料',
    location: '2号仓库',
    alertBelow: 5,
    moves: [
      ['in', 50],
      ['used', 21.5],
      ['used', 19.75],
      ['unqualified', 0.5, '受潮结块'],
      ['used', 5.1],
    ],
  },
  {
    name: '中砂',
    category: '砂石',
    location: '3号料场',
    alertBelow: 20,
    moves: [
      ['in', 300],
      ['used', 96.25],
      ['adjust', -2.4, '月末盘点'],
      ['used', 88],
    ],
  },
  {
    name: '碎石 5-25mm',
    category: '砂石',
    location: '3号料场',
    alertBelow: 20,
    moves: [
      ['in', 260],
      ['used', 120.6],
      ['used', 75.125],
    ],
  },
  {
    name: '防水卷材 SBS',
    category: '防水材料',
    location: '2号仓库',
    alertBelow: 1,
    moves: [
      ['in', 6.8],
      ['used', 2.35],
      ['unqualified', 0.12, '破损'],
    ],
  },
  {
    name: '脚手架钢管 Φ48',
    category: '周转材料',
    location: '1号料场',
    alertBelow: 15,
    moves: [
      ['in', 45],
      ['used', 18.6],
      ['adjust', 1.25, '盘点盘盈'],
    ],
  },
];

const AREAS = ['东区主体施工区', '西区材料仓库', '南门岗亭', '塔吊作业区'];
const SHIFTS: [string, string][] = [
  ['08:00', '12:00'],
  ['12:00', '18:00'],
  ['18:00', '23:30'],
];
const SITUATIONS = [
  '正常，无异常',
  '正常，巡查 3 次',
  '发现临边防护缺失，已整改',
  '夜间材料进场，已核对数量',
  '正常',
  '雨天暂停塔吊作业',
];

/**
 * Site operations on a fresh demo: warehouse items with their movements (one item low), duty
 * staff on a roster for the current month (three shifts a day), annual inspections (one due within
 * seven days, one overdue, one reminded already) and, for the manufacturer, production records
 * grouped into batches in every state with QA results. Skips what is there already.
 */
export async function seedSiteOps(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const [operator] = await tx
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.kind, ['admin', 'user'])))
    .orderBy(asc(users.id))
    .limit(1);
  const [haveItems] = await tx
    .select({ id: warehouseItems.id })
    .from(warehouseItems)
    .where(eq(warehouseItems.tenantId, tenantId))
    .limit(1);
  if (!haveItems) {
    for (const [i, item] of ITEMS.entries()) {
      let stock = 0;
      let used = 0;
      let unqualified = 0;
      const moves = item.moves.map(([kind, tons, note], j) => {
        const kg = Math.round(tons * 1000);
        if (kind === WAREHOUSE_MOVE.in || kind === WAREHOUSE_MOVE.adjust) stock += kg;
        else if (kind === WAREHOUSE_MOVE.used) used += kg;
        else unqualified += kg;
        const at = new Date(now - (item.moves.length - j) * 3 * DAY_MS - i * 3_600_000);
        return {
          kind,
          quantityKg: kg,
          remainingKgAfter: stock - used - unqualified,
          note: note ?? null,
          createdAt: at,
        };
      });
      const [row] = await tx
        .insert(warehouseItems)
        .values({
          tenantId,
          name: item.name,
          category: item.category,
          location: item.location,
          alertBelow: item.alertBelow,
          stockKg: stock,
          usedKg: used,
          unqualifiedKg: unqualified,
          createdAt: new Date(now - 40 * DAY_MS),
        })
        .returning({ id: warehouseItems.id });
      await tx.insert(warehouseMovements).values(
        moves.map((m) => ({
          ...m,
          tenantId,
          itemId: row!.id,
          operatorId: operator?.id ?? null,
          operatorName: operator?.name ?? null,
        })),
      );
    }
  }

  const [haveDuty] = await tx
    .select({ id: dutyRecords.id })
    .from(dutyRecords)
    .where(eq(dutyRecords.tenantId, tenantId))
    .limit(1);
  if (!haveDuty) {
    let staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.kind, 'user')))
      .orderBy(asc(users.id))
      .limit(4);
    if (staff.length < 3) {
      const names = ['张伟', '李娜', '王强', '赵敏'];
      staff = await tx
        .insert(users)
        .values(
          names.map((name, i) => ({
            tenantId,
            username: `duty${tenantId}_${i + 1}`,
            name,
            phone: `1390000${String(tenantId).padStart(2, '0').slice(-2)}${String(i + 1).padStart(2, '0')}`,
            passwordHash: NO_PASSWORD,
            kind: 'user' as const,
          })),
        )
        .returning({ id: users.id });
    }
    const today = new Date(now);
    const first = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    const days = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).getUTCDate();
    const rows = [];
    for (let d = 0; d < days; d++) {
      for (const [s, [start, end]] of SHIFTS.entries()) {
        rows.push({
          tenantId,
          dutyDate: new Date(first + d * DAY_MS),
          area: AREAS[(d + s) % AREAS.length]!,
          startTime: start,
          endTime: end,
          userId: staff[(d + s) % staff.length]!.id,
          situation: first + d * DAY_MS <= now ? SITUATIONS[(d * 3 + s) % SITUATIONS.length]! : null,
        });
      }
    }
    await tx.insert(dutyRecords).values(rows);
  }

  const [haveInspections] = await tx
    .select({ id: annualInspections.id })
    .from(annualInspections)
    .where(eq(annualInspections.tenantId, tenantId))
    .limit(1);
  if (!haveInspections) {
    await tx.insert(annualInspections).values([
      {
        tenantId,
        name: '塔式起重机 QTZ80 年检',
        inspector: '市特种设备检验所 刘工',
        inspectedAt: dayAt(now, -360),
        nextAt: dayAt(now, 5),
        remindDays: 7,
      },
      {
        tenantId,
        name: '施工升降机 SC200 年检',
        inspector: '市特种设备检验所 陈工',
        inspectedAt: dayAt(now, -375),
        nextAt: dayAt(now, -10),
        remindDays: 7,
      },
      {
        tenantId,
        name: '消防设施年度检测',
        inspector: '安泰消防检测中心',
        inspectedAt: dayAt(now, -245),
        nextAt: dayAt(now, 120),
        remindDays: 15,
      },
      {
        tenantId,
        name: '临时用电配电箱检测',
        inspector: '项目电工班 孙师傅',
        inspectedAt: dayAt(now, -325),
        nextAt: dayAt(now, 40),
        remindDays: 7,
      },
      {
        tenantId,
        name: '物料提升机年检',
        inspector: '市特种设备检验所 刘工',
        inspectedAt: dayAt(now, -362),
        nextAt: dayAt(now, 3),
        remindDays: 10,
        remindedAt: new Date(now - DAY_MS),
      },
    ]);
  }

  await seedBatches(tx, now);
}

/** The manufacturer's production records and batches (not a tenant's); once per database. */
async function seedBatches(tx: Tx, now: number): Promise<void> {
  const [have] = await tx
    .select({ id: productionBatches.id })
    .from(productionBatches)
    .where(like(productionBatches.batchNo, 'PB-DEMO-%'))
    .limit(1);
  if (have) return;
  const catalogue = await tx
    .select({ id: products.id, code: products.code })
    .from(products)
    .orderBy(asc(products.sort), asc(products.id));
  const helmet = catalogue.find((p) => p.code === 'P-helmet') ?? catalogue[0];
  const band = catalogue.find((p) => p.code === 'P-wristband') ?? catalogue[1] ?? helmet;
  if (!helmet || !band) return;
  const record = (productId: number, kind: string, n: number, days: number) => ({
    imei: `8699018${String(n).padStart(8, '0')}`,
    productId,
    kind,
    model: kind === 'helmet' ? 'AQM-4G-2' : 'SH-UWB-1',
    colour: kind === 'helmet' ? '黄色' : '黑色',
    serial: `SN${String(n).padStart(7, '0')}`,
    manufacturer: '安联智能制造',
    qaPerson: '周质检',
    salesMode: '直销',
    productionDate: dayAt(now, -days).toISOString().slice(0, 10),
  });
  const recs = await tx
    .insert(productionRecords)
    .values([
      ...Array.from({ length: 20 }, (_, i) => record(helmet.id, 'helmet', i + 1, 40)),
      ...Array.from({ length: 10 }, (_, i) => record(band.id, 'wristband', i + 101, 12)),
      ...Array.from({ length: 12 }, (_, i) => record(helmet.id, 'helmet', i + 201, 3)),
      ...Array.from({ length: 6 }, (_, i) => record(band.id, 'wristband', i + 301, 1)),
    ])
    .returning({ id: productionRecords.id });
  const ids = recs.map((r) => r.id);
  const batches = await tx
    .insert(productionBatches)
    .values([
      {
        batchNo: 'PB-DEMO-001',
        productId: helmet.id,
        quantityPlanned: 20,
        state: BATCH_STATE.done,
        note: '首批智能安全帽',
        createdAt: new Date(now - 45 * DAY_MS),
      },
      {
        batchNo: 'PB-DEMO-002',
        productId: band.id,
        quantityPlanned: 10,
        state: BATCH_STATE.qa,
        note: 'UWB 手环',
        createdAt: new Date(now - 15 * DAY_MS),
      },
      {
        batchNo: 'PB-DEMO-003',
        productId: helmet.id,
        quantityPlanned: 50,
        state: BATCH_STATE.inProduction,
        createdAt: new Date(now - 5 * DAY_MS),
      },
      {
        batchNo: 'PB-DEMO-004',
        productId: band.id,
        quantityPlanned: 30,
        state: BATCH_STATE.planned,
        note: '下月排产',
        createdAt: new Date(now - DAY_MS),
      },
    ])
    .returning({ id: productionBatches.id });
  const [done, qa, producing] = batches.map((b) => b.id) as [number, number, number];
  const qaAt = new Date(now - 30 * DAY_MS);
  await tx.insert(productionBatchRecords).values([
    ...ids.slice(0, 20).map((recordId, i) => ({
      batchId: done,
      recordId,
      qa: i % 10 === 7 ? QA_RESULT.failed : QA_RESULT.passed,
      qaNote: i % 10 === 7 ? '定位模块无信号' : null,
      qaBy: '周质检',
      qaAt,
    })),
    ...ids.slice(20, 30).map((recordId, i) => ({
      batchId: qa,
      recordId,
      qa: i < 5 ? QA_RESULT.passed : i === 5 ? QA_RESULT.failed : QA_RESULT.pending,
      qaNote: i === 5 ? '表带开裂' : null,
      qaBy: i <= 5 ? '周质检' : null,
      qaAt: i <= 5 ? new Date(now - 2 * DAY_MS) : null,
    })),
    ...ids.slice(30, 42).map((recordId) => ({ batchId: producing, recordId })),
  ]);
}

/** On an existing demo database: what a newer release brought (each part skips what is there). */
export async function seedSiteOpsIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (site) await seedSiteOps(tx, site.id);
}
