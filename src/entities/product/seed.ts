import type { Tx } from '../../server/db/driver';
import { mallCategories } from '../mall-category';
import { merchants } from '../merchant';
import { productBanners } from '../product-banner';
import { REVIEW_STATE, productReviews } from '../product-review';
import { productSkus, stockMovements } from '../product-sku';
import { productSpecs } from '../product-spec';
import { PRODUCT_STATUS } from './resource';
import { skuMatrix, type SpecLine } from '../../shared/product-sku';
import { mallProducts } from './table';
import { defineSeed } from '../../server/db/entity-seeds';

const DAY_MS = 86_400_000;
const img = (slug: string) => `/mall/${slug}.svg`;

interface DemoProduct {
  name: string;
  subtitle: string;
  cat: string;
  shop: number | null;
  images: string[];
  specs: SpecLine[];
  /** Yuan of the first SKU; each further SKU a little more. */
  price: number;
  stock: number[];
  weightG: number;
  sales: number;
  status?: number;
}

/**
 * The mall on a fresh demo (public/mall/*.svg pictures): three merchant shops beside the official
 * one, a two-level category tree, spec templates, 12 safety products with their SKU matrices and
 * stock (one low, one sold out), three banners and reviews in every moderation state.
 */
async function seedMall(tx: Tx, tenantId: number, now = Date.now()): Promise<void> {
  const shops = await tx
    .insert(merchants)
    .values([
      {
        tenantId,
        name: '平安消防器材店',
        logo: img('shop1'),
        contact: '王店长',
        phone: '13800138101',
        address: '滨江区江南大道 88 号',
        intro: '烟感、燃气探测、报警按钮，正品保障',
        sort: 1,
      },
      {
        tenantId,
        name: '智联穿戴旗舰店',
        logo: img('shop2'),
        contact: '李经理',
        phone: '13800138102',
        address: '西湖区文三路 120 号',
        intro: '智能手环、定位手表、定位器',
        sort: 2,
      },
      {
        tenantId,
        name: '通达物联卡专营',
        logo: img('shop3'),
        contact: '赵女士',
        phone: '13800138103',
        address: '拱墅区湖墅南路 66 号',
        intro: '物联网流量卡、套餐',
        sort: 3,
        status: 1,
      },
    ])
    .returning({ id: merchants.id });
  const [fire, wear, sim] = shops.map((s) => s.id);
  const tops = await tx
    .insert(mallCategories)
    .values([
      { tenantId, name: '安全防护', icon: img('helmet'), nav: 1, sort: 1 },
      { tenantId, name: '消防报警', icon: img('smoke'), nav: 1, sort: 2 },
      { tenantId, name: '智能穿戴', icon: img('band'), nav: 1, sort: 3 },
      { tenantId, name: '物联网卡', icon: img('sim'), nav: 1, sort: 4 },
    ])
    .returning({ id: mallCategories.id, name: mallCategories.name });
  const top = Object.fromEntries(tops.map((c) => [c.name, c.id]));
  const subs = await tx
    .insert(mallCategories)
    .values([
      { tenantId, parentId: top['安全防护'], name: '安全帽', sort: 1 },
      { tenantId, parentId: top['安全防护'], name: '智能电气', sort: 2 },
      { tenantId, parentId: top['消防报警'], name: '探测器', sort: 1 },
      { tenantId, parentId: top['消防报警'], name: '报警按钮', sort: 2 },
      { tenantId, parentId: top['智能穿戴'], name: '手环手表', sort: 1 },
      { tenantId, parentId: top['智能穿戴'], name: '定位器', sort: 2 },
      { tenantId, parentId: top['物联网卡'], name: '流量卡', sort: 1 },
    ])
    .returning({ id: mallCategories.id, name: mallCategories.name });
  const cat = Object.fromEntries(subs.map((c) => [c.name, c.id]));
  await tx.insert(productSpecs).values([
    { tenantId, name: '颜色', values: '黄,蓝,白,红', sort: 1 },
    { tenantId, name: '尺码', values: 'M,L,XL', sort: 2 },
    { tenantId, name: '套餐', values: '10G/月,30G/月,100G/月', sort: 3 },
    { tenantId, name: '网络', values: '4G,NB-IoT', sort: 4 },
  ]);
  const colour = (...v: string[]): SpecLine => ({ name: '颜色', values: v });
  const list: DemoProduct[] = [
    {
      name: '智能安全帽 H1',
      subtitle: '定位 + 跌落报警 + SOS',
      cat: '安全帽',
      shop: null,
      images: [img('helmet'), img('helmet-blue')],
      specs: [colour('黄', '蓝', '白'), { name: '尺码', values: ['M', 'L'] }],
      price: 399,
      stock: [30, 25, 12, 8, 20, 4],
      weightG: 650,
      sales: 126,
    },
    {
      name: '智能安全帽 H2 Pro',
      subtitle: '4G 对讲 + 视频回传',
      cat: '安全帽',
      shop: null,
      images: [img('helmet-blue')],
      specs: [colour('黄', '红')],
      price: 899,
      stock: [15, 6],
      weightG: 720,
      sales: 48,
    },
    {
      name: '独立式烟雾报警器',
      subtitle: 'NB-IoT 联网，电池 5 年',
      cat: '探测器',
      shop: fire!,
      images: [img('smoke')],
      specs: [{ name: '网络', values: ['4G', 'NB-IoT'] }],
      price: 129,
      stock: [200, 160],
      weightG: 180,
      sales: 532,
    },
    {
      name: '家用燃气探测器',
      subtitle: '甲烷泄漏声光报警',
      cat: '探测器',
      shop: fire!,
      images: [img('gas')],
      specs: [],
      price: 169,
      stock: [80],
      weightG: 260,
      sales: 211,
    },
    {
      name: '手动火灾报警按钮',
      subtitle: '无线联网，可复位',
      cat: '报警按钮',
      shop: fire!,
      images: [img('button')],
      specs: [],
      price: 88,
      stock: [0],
      weightG: 120,
      sales: 97,
    },
    {
      name: '水压传感器',
      subtitle: '消防管网压力监测',
      cat: '探测器',
      shop: fire!,
      images: [img('water')],
      specs: [],
      price: 459,
      stock: [40],
      weightG: 300,
      sales: 23,
    },
    {
      name: '智能手环 B3',
      subtitle: '心率、体温、血氧、SOS',
      cat: '手环手表',
      shop: wear!,
      images: [img('band')],
      specs: [colour('黑', '白')],
      price: 259,
      stock: [60, 45],
      weightG: 60,
      sales: 340,
    },
    {
      name: '儿童定位手表 W2',
      subtitle: '4G 视频通话 + 电子围栏',
      cat: '手环手表',
      shop: wear!,
      images: [img('watch')],
      specs: [colour('蓝', '红')],
      price: 499,
      stock: [35, 7],
      weightG: 80,
      sales: 156,
    },
    {
      name: '迷你定位器 L1',
      subtitle: '老人、车辆、宠物通用',
      cat: '定位器',
      shop: wear!,
      images: [img('locator')],
      specs: [],
      price: 199,
      stock: [90],
      weightG: 50,
      sales: 88,
    },
    {
      name: '物联网流量卡',
      subtitle: '全国通用，按月计费',
      cat: '流量卡',
      shop: sim!,
      images: [img('sim')],
      specs: [{ name: '套餐', values: ['10G/月', '30G/月', '100G/月'] }],
      price: 19,
      stock: [999, 999, 500],
      weightG: 10,
      sales: 1204,
    },
    {
      name: '智能空开 4G',
      subtitle: '远程分合闸，漏电保护',
      cat: '智能电气',
      shop: null,
      images: [img('breaker')],
      specs: [],
      price: 329,
      stock: [25],
      weightG: 400,
      sales: 41,
    },
    {
      name: '高清网络摄像机',
      subtitle: '400 万像素，夜视 30 米',
      cat: '智能电气',
      shop: null,
      images: [img('camera')],
      specs: [],
      price: 599,
      stock: [18],
      weightG: 900,
      sales: 12,
      status: PRODUCT_STATUS.off,
    },
  ];
  const created: { id: number; skuIds: number[] }[] = [];
  for (const [i, p] of list.entries()) {
    const combos = skuMatrix(p.specs);
    const prices = combos.map((_, k) => Math.round((p.price + k * 10) * 100));
    const [row] = await tx
      .insert(mallProducts)
      .values({
        tenantId,
        merchantId: p.shop,
        categoryId: cat[p.cat],
        name: p.name,
        subtitle: p.subtitle,
        images: p.images,
        description: `${p.name}：${p.subtitle}。包邮发货，一年质保。`,
        specs: p.specs,
        status: p.status ?? PRODUCT_STATUS.on,
        weightG: p.weightG,
        priceFen: Math.min(...prices),
        sales: p.sales,
        views: p.sales * 6 + 40,
        sort: i,
        createdAt: new Date(now - (30 - i) * DAY_MS),
      })
      .returning({ id: mallProducts.id });
    const skus = await tx
      .insert(productSkus)
      .values(
        combos.map((specs, k) => ({
          tenantId,
          productId: row!.id,
          specs,
          code: `DEMO-${row!.id}-${k + 1}`,
          priceFen: prices[k]!,
          stock: p.stock[k] ?? p.stock[0] ?? 0,
          image: p.images[0],
        })),
      )
      .returning({ id: productSkus.id, stock: productSkus.stock });
    await tx.insert(stockMovements).values(
      skus.map((s) => ({
        tenantId,
        skuId: s.id,
        delta: s.stock,
        stockAfter: s.stock,
        reason: 'inbound',
        note: '期初入库',
        operatorName: 'demo',
        createdAt: new Date(now - 30 * DAY_MS),
      })),
    );
    created.push({ id: row!.id, skuIds: skus.map((s) => s.id) });
  }
  await tx.insert(productBanners).values([
    { tenantId, title: '安全装备焕新季', image: img('banner1'), productId: created[0]!.id, sort: 1 },
    { tenantId, title: '烟感限时 8 折', image: img('banner2'), productId: created[2]!.id, sort: 2 },
    { tenantId, title: '流量卡买一送一', image: img('banner3'), productId: created[9]!.id, sort: 3, status: 0 },
  ]);
  const review = (
    k: number,
    userName: string,
    rating: number,
    content: string,
    state: number,
    days: number,
    reply?: string,
  ) => ({
    tenantId,
    productId: created[k]!.id,
    skuId: created[k]!.skuIds[0],
    userName,
    rating,
    content,
    state,
    reply: reply ?? null,
    reviewerName: state === REVIEW_STATE.pending ? null : 'demo',
    reviewedAt: state === REVIEW_STATE.pending ? null : new Date(now - (days - 1) * DAY_MS),
    createdAt: new Date(now - days * DAY_MS),
  });
  await tx
    .insert(productReviews)
    .values([
      review(
        0,
        '张工',
        5,
        '佩戴舒适，跌落报警很灵敏，工地都换成这款了。',
        REVIEW_STATE.approved,
        9,
        '感谢支持，欢迎再次选购！',
      ),
      review(0, '刘队长', 4, '定位准，电池能用两天。', REVIEW_STATE.approved, 6),
      review(2, '陈女士', 5, '安装简单，手机上能收到报警。', REVIEW_STATE.approved, 5),
      review(6, '小周', 3, '心率偶尔不准，其他还行。', REVIEW_STATE.pending, 1),
      review(9, '匿名用户', 1, '加微信 xxx 领取返现！！！', REVIEW_STATE.rejected, 3),
      review(7, '王先生', 2, '发货慢，客服态度差。', REVIEW_STATE.hidden, 4),
      review(3, '李阿姨', 5, '声音很响，放心了。', REVIEW_STATE.pending, 0),
    ]);
}

export default defineSeed({
  demo: (tx, { tenantId }) => seedMall(tx, tenantId),
});
