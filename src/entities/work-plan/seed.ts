import { and, asc, eq, inArray } from 'drizzle-orm';
import { createRng, seedOf } from '../../shared/prng';
import { departments, tenants, users } from '../../server/db/schema';
import type { Tx } from '../../server/db/driver';
import { SITE_MANAGER_STATUS, siteManagers } from '../site-manager';
import { sitePosts } from '../site-post';
import { workLogs } from '../work-log';
import { planEnd, WORK_PLAN_STATE } from './resource';
import { workPlans } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;
/** The UTC calendar day `days` from `now`, YYYY-MM-DD. */
const dayFrom = (now: number, days: number) =>
  new Date(Math.floor(now / DAY_MS) * DAY_MS + days * DAY_MS).toISOString().slice(0, 10);

interface DemoPlan {
  name: string;
  /** Days from today; a sub-plan's dates lie within its parent's. */
  start: number;
  period: number;
  state?: number;
  progress?: number;
  content?: string;
  children?: DemoPlan[];
}

const { open, completed, abnormal } = WORK_PLAN_STATE;

/** Every state: completed, open, reported abnormal, and open but overdue (reads abnormal). */
const PLANS: DemoPlan[] = [
  {
    name: '前期准备',
    start: -45,
    period: 20,
    state: completed,
    progress: 100,
    children: [{ name: '场地平整与临设搭建', start: -45, period: 10, state: completed, progress: 100 }],
  },
  {
    name: '主体结构施工',
    start: -20,
    period: 60,
    progress: 35,
    content: '2#楼地下一层至地上六层主体结构',
    children: [
      { name: '基础开挖', start: -20, period: 10, state: completed, progress: 100 },
      { name: '地下室底板浇筑', start: -10, period: 8, state: completed, progress: 100 },
      { name: '1-3层主体', start: -3, period: 15, progress: 30, content: '柱、梁板钢筋绑扎及混凝土浇筑' },
      { name: '4-6层主体', start: 12, period: 15, progress: 0 },
    ],
  },
  {
    name: '安全文明施工',
    start: -30,
    period: 90,
    progress: 40,
    children: [
      { name: '消防器材巡检', start: -25, period: 7, state: completed, progress: 100 },
      // Not completed and past its end: reads abnormal.
      { name: '脚手架安全检查', start: -12, period: 5, progress: 60, content: '外架连墙件、剪刀撑全数检查' },
      { name: '临边防护整改', start: -5, period: 7, state: abnormal, progress: 20, content: '3层临边防护缺失，已上报' },
    ],
  },
  {
    name: '机电安装',
    start: 10,
    period: 40,
    children: [{ name: '给排水预埋', start: 10, period: 12 }],
  },
];

const POSTS = [
  { name: '项目经理', headcount: 1, duties: '全面负责项目的进度、质量、安全和成本管理' },
  { name: '技术负责人', headcount: 1, duties: '编制施工组织设计和专项方案，组织技术交底' },
  { name: '安全员', headcount: 3, duties: '每日安全巡查，隐患排查整改，安全教育培训' },
  { name: '施工员', headcount: 4, duties: '现场施工组织与协调，填写施工日志' },
  { name: '质量员', headcount: 2, duties: '工序质量检查验收，质量问题整改跟踪' },
  { name: '材料员', headcount: 1, duties: '材料进场验收、保管与发放，台账管理' },
];

/** Name, post index, status: one on leave and one who left among them. */
const MANAGERS: [string, number, number][] = [
  ['陈建国', 0, SITE_MANAGER_STATUS.active],
  ['周明', 1, SITE_MANAGER_STATUS.active],
  ['赵磊', 2, SITE_MANAGER_STATUS.active],
  ['孙丽', 2, SITE_MANAGER_STATUS.active],
  ['吴刚', 2, SITE_MANAGER_STATUS.away],
  ['郑海', 3, SITE_MANAGER_STATUS.active],
  ['王芳', 3, SITE_MANAGER_STATUS.active],
  ['冯涛', 4, SITE_MANAGER_STATUS.active],
  ['何静', 5, SITE_MANAGER_STATUS.left],
];

const WORK = [
  '钢筋进场验收，抽检合格',
  '完成柱钢筋绑扎，监理验收通过',
  '梁板模板支设，班前安全交底',
  '混凝土浇筑，同步留置试块',
  '塔吊例行检查，运行正常',
  '外架连墙件检查，发现 2 处松动已整改',
  '雨天停止室外作业，组织室内安全培训',
  '材料盘点，水泥库存偏低已申请采购',
  '消防通道清理，灭火器检查',
  '质量巡检，对楼板裂缝进行记录',
];

/** A plausible 18-character resident ID (Beijing area code, birth date, serial, check digit). */
function idNumber(i: number): string {
  const body = `110105${1975 + i}0${(i % 9) + 1}1${i % 10}${String(100 + i * 7).slice(-3)}`.slice(0, 17);
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, k) => s + Number(c) * weights[k]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/**
 * The construction-site demo (/workPlan, /workLog, /managePost, /manageUser): a tree of plans
 * and sub-plans around today in every state (one overdue, so it reads abnormal), three weeks of
 * daily logs under the running plans, the site's posts and its managers. Skips what is there.
 */
async function seedSitePlans(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.kind, ['admin', 'user'])))
    .orderBy(asc(users.id))
    .limit(5);
  const lead = people[0]?.id ?? null;
  const [dept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(asc(departments.id))
    .limit(1);
  const rng = createRng(seedOf('site-plans'));

  const [havePlans] = await tx
    .select({ id: workPlans.id })
    .from(workPlans)
    .where(eq(workPlans.tenantId, tenantId))
    .limit(1);
  if (!havePlans) {
    const running: { id: number; start: number; end: number }[] = [];
    const insert = async (p: DemoPlan, parentId: number | null, k: number) => {
      const startDate = dayFrom(now, p.start);
      const [row] = await tx
        .insert(workPlans)
        .values({
          tenantId,
          parentId,
          name: p.name,
          superiorId: people[k % Math.max(1, people.length)]?.id ?? lead,
          startDate,
          periodDays: p.period,
          endDate: planEnd(startDate, p.period),
          progress: p.progress ?? 0,
          state: p.state ?? open,
          content: p.content ?? null,
        })
        .returning({ id: workPlans.id });
      if (parentId !== null && p.start <= 0) running.push({ id: row!.id, start: p.start, end: p.start + p.period - 1 });
      for (const [j, c] of (p.children ?? []).entries()) await insert(c, row!.id, k + j + 1);
    };
    for (const [k, p] of PLANS.entries()) await insert(p, null, k);

    // Three weeks of logs, most days, each under a sub-plan that was running that day.
    const logs = [];
    for (let d = -21; d <= 0; d++) {
      if (rng.chance(0.15)) continue;
      const plan = running.find((p) => p.start <= d && d <= p.end);
      logs.push({
        tenantId,
        logDate: dayFrom(now, d),
        authorId: people.length ? people[rng.int(0, people.length - 1)]!.id : lead,
        workPlanId: plan?.id ?? null,
        weather: rng.int(1, 5),
        content: WORK[rng.int(0, WORK.length - 1)]!,
      });
    }
    if (logs.length) await tx.insert(workLogs).values(logs);
  }

  const [havePosts] = await tx
    .select({ id: sitePosts.id })
    .from(sitePosts)
    .where(eq(sitePosts.tenantId, tenantId))
    .limit(1);
  if (!havePosts) {
    const posts = await tx
      .insert(sitePosts)
      .values(POSTS.map((p) => ({ tenantId, departmentId: dept?.id ?? null, ...p })))
      .returning({ id: sitePosts.id });
    await tx.insert(siteManagers).values(
      MANAGERS.map(([name, post, status], i) => ({
        tenantId,
        name,
        phone: `139${String(10_000_000 + i * 1_234_567).slice(-8)}`,
        postId: posts[post]?.id ?? null,
        departmentId: dept?.id ?? null,
        idNumber: idNumber(i),
        certificateNo: `JZ${2018 + (i % 6)}-${String(1000 + i * 37)}`,
        entryDate: dayFrom(now, -30 * (i + 2)),
        status,
      })),
    );
  }
}

/** The demo on an existing database: adds what seedSitePlans would have, if the demo company is there. */
async function seedSitePlansIfMissing(tx: Tx): Promise<void> {
  const [site] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Demo Site'));
  if (site) await seedSitePlans(tx, site.id);
}

export default defineSeed({
  // Its managers are the site's first people (by id), the leave seed's among them.
  after: ['leave-request'],
  demo: (tx, { tenantId }) => seedSitePlans(tx, tenantId),
  ifMissing: seedSitePlansIfMissing,
});
