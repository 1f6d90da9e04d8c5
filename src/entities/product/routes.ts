import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../shared/api';
import type { PermissionMark } from '../../shared/permissions';
import { formSchema } from '../../shared/resources/schema';
import { likePattern } from '../../server/engine/query';
import { bindingFor } from '../../server/engine/registry';
import type { Row } from '../../server/engine/types';
import { addRow, updateRow } from '../../server/engine/write';
import { fail } from '../../server/lib/api-error';
import { authed, hidesPersonal } from '../../server/auth/request';
import { maskPhone } from '../../shared/mask';
import { mallCategories } from '../mall-category';
import { merchants } from '../merchant';
import { productBanners } from '../product-banner';
import { REVIEW_STATE, productReviews } from '../product-review';
import { productSkus } from '../product-sku';
import product, { PRODUCT_STATUS } from './resource';
import { PRODUCT_LIMITS } from '../../shared/product-sku';
import { mallProducts } from './table';

const tags = ['mall'];
/** The storefront (/shangquanshangcheng) and the product screens read through these. */
const STORE_MENUS = ['shangquanshangcheng', 'productManage', 'AddProduct'] as const;

const specLine = z.object({
  name: z.string().trim().min(1, 'required').max(30, 'tooLong'),
  values: z
    .array(z.string().trim().min(1, 'required').max(30, 'tooLong'))
    .min(1, 'productSpecValuesRequired')
    .max(50, 'tooLarge'),
});
const skuBody = z.object({
  id: z.number().int().positive().optional(),
  specs: z.record(z.string(), z.string()),
  code: z.string().trim().max(64, 'tooLong').nullish(),
  priceFen: z.number(),
  stock: z.number(),
  image: z.string().max(500, 'tooLong').nullish(),
  status: z.number().int().min(0).max(1).optional(),
});
const extra = z.object({
  images: z.array(z.string().max(500, 'tooLong')).max(PRODUCT_LIMITS.images, 'tooLarge'),
  specs: z.array(specLine).max(PRODUCT_LIMITS.specs, 'tooLarge'),
  skus: z.array(skuBody).max(PRODUCT_LIMITS.skus, 'tooLarge'),
});
const addBody = formSchema(product, 'add').extend(extra.shape);
const updateBody = formSchema(product, 'update')
  .extend(extra.partial().shape)
  .extend({ id: z.number().int().positive() });
const idBody = z.object({ id: z.number().int().positive() });
const shelfBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'nothingSelected').max(1000, 'tooLarge'),
  status: z.union([z.literal(PRODUCT_STATUS.on), z.literal(PRODUCT_STATUS.off)]),
});
const storeBody = z.object({
  keyword: z.string().trim().max(50, 'tooLong').optional(),
  categoryId: z.number().int().positive().optional(),
  /** 0: the official shop (products without a merchant). */
  merchantId: z.number().int().min(0).optional(),
  sort: z.enum(['default', 'sales', 'priceAsc', 'priceDesc', 'new']).default('default'),
  page: z.number().int().min(1).max(1000).default(1),
  size: z.number().int().min(1).max(60).default(20),
});

const plugin: FastifyPluginAsyncZod = async (app) => {
  const binding = () => bindingFor('mall', product.name)!;
  const ctxOf = (request: Parameters<typeof authed>[0]) => ({ app, db: app.db, scope: authed(request).scope });
  const operatorName = (request: Parameters<typeof authed>[0]) => {
    const { user } = authed(request);
    return user.name || user.username;
  };

  /** A product with its SKUs (ordered), in the caller's tenant. */
  async function detail(tenantId: number, id: number, onSale = false) {
    const [p] = await app.db
      .select()
      .from(mallProducts)
      .where(
        and(
          eq(mallProducts.id, id),
          eq(mallProducts.tenantId, tenantId),
          onSale ? eq(mallProducts.status, PRODUCT_STATUS.on) : undefined,
        ),
      );
    if (!p) fail(Code.NOT_FOUND, 'notFound');
    const skus = await app.db
      .select()
      .from(productSkus)
      .where(and(eq(productSkus.productId, id), onSale ? eq(productSkus.status, 1) : undefined))
      .orderBy(asc(productSkus.id));
    const [merchant] = p!.merchantId
      ? await app.db
          .select({ id: merchants.id, name: merchants.name, logo: merchants.logo })
          .from(merchants)
          .where(eq(merchants.id, p!.merchantId))
      : [];
    return { ...p!, merchant: merchant ?? null, skus };
  }

  app.post(
    '/save',
    {
      config: { mark: `${product.mark}:add` as PermissionMark },
      schema: {
        tags,
        summary:
          'Add a mall product with its images (at least one), specification lines and SKUs (price in fen, stock) in one transaction',
        body: addBody,
      },
    },
    async (request, reply) => {
      const row = await addRow(ctxOf(request), binding(), { ...request.body, operatorName: operatorName(request) });
      return reply.ok(row);
    },
  );

  app.post(
    '/edit',
    {
      config: { mark: `${product.mark}:update` as PermissionMark },
      schema: {
        tags,
        summary:
          'Update a mall product; images, specs and skus replace the stored ones when given (SKUs named by id are kept, others removed)',
        body: updateBody,
      },
    },
    async (request, reply) => {
      const row = await updateRow(ctxOf(request), binding(), {
        ...(request.body as Row),
        id: Number(request.body.id),
        operatorName: operatorName(request),
      });
      return reply.ok(row);
    },
  );

  app.post(
    '/detail',
    {
      config: { menus: [...STORE_MENUS] },
      schema: {
        tags,
        summary: 'A mall product with its images, specification lines and SKUs (for the product form)',
        body: idBody,
      },
    },
    async (request, reply) => reply.ok(await detail(authed(request).scope.tenantId, request.body.id)),
  );

  app.post(
    '/shelf',
    {
      config: { mark: `${product.mark}:update` as PermissionMark },
      schema: {
        tags,
        summary: 'Put products on sale (1) or take them off the shelf (0); answers how many changed',
        body: shelfBody,
      },
    },
    async (request, reply) => {
      const { scope } = authed(request);
      const changed = await app.db
        .update(mallProducts)
        .set({ status: request.body.status })
        .where(and(inArray(mallProducts.id, request.body.ids), eq(mallProducts.tenantId, scope.tenantId)))
        .returning({ id: mallProducts.id });
      if (!changed.length) fail(Code.NOT_FOUND, 'notFound');
      for (const { id } of changed)
        app.events.emit('resource.changed', {
          kind: 'mall',
          name: product.name,
          action: 'update',
          id,
          tenantId: scope.tenantId,
          scope,
        });
      return reply.ok({ changed: changed.length });
    },
  );

  // --- The storefront (/shangquanshangcheng) ---

  app.post(
    '/store/home',
    {
      config: { menus: [...STORE_MENUS] },
      schema: {
        tags,
        summary:
          'The storefront: open merchant shops, enabled banners and the navigation categories (with their sub-categories)',
      },
    },
    async (request, reply) => {
      const { tenantId } = authed(request).scope;
      const [shops, banners, categories] = await Promise.all([
        app.db
          .select({
            id: merchants.id,
            name: merchants.name,
            logo: merchants.logo,
            intro: merchants.intro,
            address: merchants.address,
            phone: merchants.phone,
            products: sql<number>`(select count(*)::int from ${mallProducts} p where p.merchant_id = ${merchants.id} and p.status = 1)`,
          })
          .from(merchants)
          .where(and(eq(merchants.tenantId, tenantId), eq(merchants.status, 1)))
          .orderBy(asc(merchants.sort), asc(merchants.id)),
        app.db
          .select({
            id: productBanners.id,
            title: productBanners.title,
            image: productBanners.image,
            productId: productBanners.productId,
          })
          .from(productBanners)
          .where(and(eq(productBanners.tenantId, tenantId), eq(productBanners.status, 1)))
          .orderBy(asc(productBanners.sort), asc(productBanners.id)),
        app.db
          .select({
            id: mallCategories.id,
            name: mallCategories.name,
            parentId: mallCategories.parentId,
            icon: mallCategories.icon,
            image: mallCategories.image,
            nav: mallCategories.nav,
          })
          .from(mallCategories)
          .where(and(eq(mallCategories.tenantId, tenantId), eq(mallCategories.status, 1)))
          .orderBy(asc(mallCategories.sort), asc(mallCategories.id)),
      ]);
      const [official] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(mallProducts)
        .where(
          and(
            eq(mallProducts.tenantId, tenantId),
            isNull(mallProducts.merchantId),
            eq(mallProducts.status, PRODUCT_STATUS.on),
          ),
        );
      // A shop's phone is personal data for the visitor (docs/permissions.md "Masking").
      const hide = await hidesPersonal(request, 'shangquanshangcheng');
      const shown = hide ? shops.map((s) => ({ ...s, phone: s.phone ? maskPhone(s.phone) : s.phone })) : shops;
      return reply.ok({ shops: shown, officialProducts: official?.n ?? 0, banners, categories });
    },
  );

  app.post(
    '/store/products',
    {
      config: { menus: [...STORE_MENUS] },
      schema: {
        tags,
        summary:
          'Products on sale: keyword, category (with its sub-categories), shop (0 the official shop), sort, page',
        body: storeBody,
      },
    },
    async (request, reply) => {
      const { tenantId } = authed(request).scope;
      const { keyword, categoryId, merchantId, sort, page, size } = request.body;
      let categoryIds: number[] | undefined;
      if (categoryId) {
        // The category and its descendants (a tenant's tree is small).
        const all = await app.db
          .select({ id: mallCategories.id, parentId: mallCategories.parentId })
          .from(mallCategories)
          .where(eq(mallCategories.tenantId, tenantId));
        categoryIds = all.some((c) => c.id === categoryId) ? [categoryId] : [];
        for (let i = 0; i < categoryIds.length; i++)
          for (const c of all) if (c.parentId === categoryIds[i]) categoryIds.push(c.id);
      }
      const where = and(
        eq(mallProducts.tenantId, tenantId),
        eq(mallProducts.status, PRODUCT_STATUS.on),
        keyword
          ? or(ilike(mallProducts.name, likePattern(keyword)), ilike(mallProducts.subtitle, likePattern(keyword)))
          : undefined,
        categoryIds ? (categoryIds.length ? inArray(mallProducts.categoryId, categoryIds) : sql`false`) : undefined,
        merchantId === undefined
          ? undefined
          : merchantId === 0
            ? isNull(mallProducts.merchantId)
            : eq(mallProducts.merchantId, merchantId),
      );
      const order =
        sort === 'sales'
          ? [desc(mallProducts.sales)]
          : sort === 'priceAsc'
            ? [asc(mallProducts.priceFen)]
            : sort === 'priceDesc'
              ? [desc(mallProducts.priceFen)]
              : sort === 'new'
                ? [desc(mallProducts.createdAt)]
                : [asc(mallProducts.sort), desc(mallProducts.sales)];
      const [rows, [total]] = await Promise.all([
        app.db
          .select({
            id: mallProducts.id,
            name: mallProducts.name,
            subtitle: mallProducts.subtitle,
            cover: sql<string>`${mallProducts.images} ->> 0`,
            priceFen: mallProducts.priceFen,
            sales: mallProducts.sales,
            merchantId: mallProducts.merchantId,
            stock: sql<number>`(select coalesce(sum(s.stock), 0)::int from ${productSkus} s where s.product_id = ${mallProducts.id} and s.status = 1)`,
          })
          .from(mallProducts)
          .where(where)
          .orderBy(...order, desc(mallProducts.id))
          .limit(size)
          .offset((page - 1) * size),
        app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mallProducts)
          .where(where),
      ]);
      return reply.ok({ rows, total: total?.n ?? 0 });
    },
  );

  app.post(
    '/store/detail',
    {
      config: { menus: [...STORE_MENUS] },
      schema: {
        tags,
        summary:
          "A product on sale for the storefront: images, specs, SKUs on sale, approved reviews (newest 50) and their average; counts a view (not the visitor's)",
        body: idBody,
      },
    },
    async (request, reply) => {
      const { tenantId, kind } = authed(request).scope;
      const p = await detail(tenantId, request.body.id, true);
      // The visitor changes nothing, not even a counter (a guest login is anybody's, any number of times).
      if (kind !== 'visitor')
        await app.db
          .update(mallProducts)
          .set({ views: sql`${mallProducts.views} + 1` })
          .where(eq(mallProducts.id, p.id));
      const reviews = await app.db
        .select({
          id: productReviews.id,
          userName: productReviews.userName,
          rating: productReviews.rating,
          content: productReviews.content,
          images: productReviews.images,
          reply: productReviews.reply,
          createdAt: productReviews.createdAt,
          skuId: productReviews.skuId,
        })
        .from(productReviews)
        .where(and(eq(productReviews.productId, p.id), eq(productReviews.state, REVIEW_STATE.approved)))
        .orderBy(desc(productReviews.id))
        .limit(50);
      const [stats] = await app.db
        .select({ n: sql<number>`count(*)::int`, avg: sql<number>`coalesce(avg(${productReviews.rating}), 0)::float8` })
        .from(productReviews)
        .where(and(eq(productReviews.productId, p.id), eq(productReviews.state, REVIEW_STATE.approved)));
      return reply.ok({
        ...p,
        views: p.views + 1,
        reviews,
        reviewCount: stats?.n ?? 0,
        rating: Math.round((stats?.avg ?? 0) * 10) / 10,
      });
    },
  );
};

export default plugin;
