/**
 * Product reviews (/ProductReviews): the list (filters, sort), add with its validation and the
 * hook of ./server.ts (pending whoever writes it, a product of the company, its picture listed),
 * moderation and replies (./routes.ts: the state machine, all or nothing per batch), delete, no
 * update, and tenant isolation. What the storefront shows is src/entities/product's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, type TestApp } from '../../server/helper';
import { demoApp, list, tenantWithAdmin, type Row } from '../../server/org-helper';
import { REVIEW_STATE } from '../../../src/entities/product-review/resource';

let t: TestApp;
let demo: string;
let other: string;
let product: number;

const api = <T = Row>(action: string, body: object, token = demo) =>
  post<T>(t.app, `/api/mall/productReview/${action}`, body, { token });
const review = (over: object = {}) => ({
  productId: product,
  userName: 'Shopper',
  rating: 4,
  content: 'Solid',
  ...over,
});
const added = async (over: object = {}) => {
  const res = await api('add', review(over));
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const row = async (id: number) => (await api<Row>('get', { id })).data;

beforeAll(async () => {
  ({ t, demo } = await demoApp());
  other = (await tenantWithAdmin(t.app, 'Other Co', 'reviewother')).token;
  product = (await list(t.app, 'mallProduct', { size: 1 }, demo, 'mall')).rows[0]!.id;
  // Building the seeded app takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => t?.close());

describe('product reviews', () => {
  it('the demo mall starts with reviews in every moderation state; another company has none', async () => {
    const seeded = await list(t.app, 'productReview', { size: 50 }, demo, 'mall');
    expect(new Set(seeded.rows.map((r) => r.state))).toEqual(new Set(Object.values(REVIEW_STATE)));
    expect((await list(t.app, 'productReview', {}, other, 'mall')).total).toBe(0);
  });

  it('a new review is pending even when asked otherwise, with its picture listed', async () => {
    const r = await added({ userName: 'Picky Buyer', state: REVIEW_STATE.approved, image: '/mall/helmet.svg' });
    expect(await row(r.id)).toMatchObject({
      state: REVIEW_STATE.pending,
      userName: 'Picky Buyer',
      image: '/mall/helmet.svg',
      reply: null,
    });
  });

  it('lists by product, reviewer, rating and state, sorted by rating', async () => {
    await added({ userName: 'Sort Buyer', rating: 2 });
    await added({ userName: 'Sort Buyer', rating: 5 });
    const rows = (
      await list(
        t.app,
        'productReview',
        {
          filters: { productId: product, userName: 'sort buyer', state: REVIEW_STATE.pending },
          sort: [{ field: 'rating', order: 'desc' }],
        },
        demo,
        'mall',
      )
    ).rows;
    expect(rows.map((r) => r.rating)).toEqual([5, 2]);
    expect(
      (await list(t.app, 'productReview', { filters: { userName: 'sort buyer', rating: 2 } }, demo, 'mall')).total,
    ).toBe(1);
  });

  it.each([
    ['no product', { productId: undefined }, 'required'],
    ['a product that does not exist', { productId: 999_999 }, 'refInvalid'],
    ['no reviewer', { userName: '' }, 'required'],
    ['a rating of 6', { rating: 6 }, 'mustChooseOne'],
    ['no text', { content: '' }, 'required'],
    ['only spaces', { content: '   ' }, 'required'],
    ['a text over 1000 characters', { content: 'x'.repeat(1001) }, 'tooLong'],
  ])('add refuses %s with its key', async (_what, over, key) => {
    const res = await api('add', review(over));
    expect(res).toMatchObject({ code: 400, key });
    expect(res.msg).toBeTruthy();
  });

  it('moderation follows the machine: approve, hide, show again; reject only from pending; a refused batch changes nothing', async () => {
    const a = await added({ userName: 'Moderated A' });
    const b = await added({ userName: 'Moderated B' });
    const move = (ids: number[], state: number, reason?: string) => api('review', { ids, state, reason });
    expect(await move([a.id], REVIEW_STATE.hidden)).toMatchObject({ code: 400, key: 'noSuchTransition' });
    expect((await move([a.id], REVIEW_STATE.approved)).data).toEqual({ changed: 1 });
    expect(await row(a.id)).toMatchObject({ state: REVIEW_STATE.approved, reviewerName: expect.any(String) });
    // a cannot be rejected any more: the batch stops and b stays pending.
    expect(await move([b.id, a.id], REVIEW_STATE.rejected, 'spam')).toMatchObject({
      code: 400,
      key: 'noSuchTransition',
    });
    expect((await row(b.id)).state).toBe(REVIEW_STATE.pending);
    expect((await move([b.id], REVIEW_STATE.rejected, 'spam')).code).toBe(0);
    expect(await row(b.id)).toMatchObject({ state: REVIEW_STATE.rejected, reviewReason: 'spam' });
    expect((await move([a.id], REVIEW_STATE.hidden)).code).toBe(0);
    expect((await move([a.id, b.id], REVIEW_STATE.approved)).data).toEqual({ changed: 2 });
    expect(
      (
        await list(
          t.app,
          'productReview',
          { filters: { userName: 'Moderated', state: REVIEW_STATE.approved } },
          demo,
          'mall',
        )
      ).total,
    ).toBe(2);
    expect(await api('review', { ids: [], state: REVIEW_STATE.approved })).toMatchObject({
      code: 400,
      key: 'nothingSelected',
    });
  });

  it("the shop's reply replaces an earlier one and must say something", async () => {
    const r = await added({ userName: 'Replied To' });
    expect((await api('reply', { id: r.id, reply: 'Thanks' })).code).toBe(0);
    expect((await api('reply', { id: r.id, reply: 'Thank you!' })).code).toBe(0);
    expect((await row(r.id)).reply).toBe('Thank you!');
    expect(await api('reply', { id: r.id, reply: '  ' })).toMatchObject({ code: 400, key: 'required' });
  });

  it('deletes a review; there is no update', async () => {
    const r = await added({ userName: 'Deleted Buyer' });
    expect((await api('update', { id: r.id, content: 'edited' })).code).toBe(404);
    expect((await api('delete', { ids: [r.id] })).code).toBe(0);
    expect((await api('get', { id: r.id })).code).toBe(404);
  });

  it('another company neither sees, moderates, replies to nor deletes a review, nor reviews the product', async () => {
    const r = await added({ userName: 'Private Buyer' });
    expect((await list(t.app, 'productReview', { keyword: 'Private Buyer' }, other, 'mall')).total).toBe(0);
    expect((await api('get', { id: r.id }, other)).code).toBe(404);
    expect((await api('review', { ids: [r.id], state: REVIEW_STATE.approved }, other)).key).toBe('notFound');
    expect((await api('reply', { id: r.id, reply: 'mine' }, other)).code).toBe(404);
    expect((await api('delete', { ids: [r.id] }, other)).code).toBe(404);
    expect(await api('add', review(), other)).toMatchObject({ code: 400, key: 'refInvalid' });
    expect(await row(r.id)).toMatchObject({ state: REVIEW_STATE.pending, reply: null });
  });
});
