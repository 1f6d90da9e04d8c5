import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** A review's moderation: 0 pending, 1 approved (shown in the storefront), 2 rejected, 3 hidden. */
export const REVIEW_STATE = { pending: 0, approved: 1, rejected: 2, hidden: 3 } as const;
const REVIEW_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: REVIEW_STATE.pending, cn: '待审核', en: 'Pending' },
  { value: REVIEW_STATE.approved, cn: '已通过', en: 'Approved' },
  { value: REVIEW_STATE.rejected, cn: '已驳回', en: 'Rejected' },
  { value: REVIEW_STATE.hidden, cn: '已隐藏', en: 'Hidden' },
];

/**
 * A pending review is approved or rejected; an approved one can be hidden and shown again; a
 * rejected one can still be approved. Anything else is 'noSuchTransition'.
 */
export const REVIEW_STATE_MACHINE = stateMachine<number>('productReview', {
  [REVIEW_STATE.pending]: [REVIEW_STATE.approved, REVIEW_STATE.rejected],
  [REVIEW_STATE.approved]: [REVIEW_STATE.hidden],
  [REVIEW_STATE.hidden]: [REVIEW_STATE.approved],
  [REVIEW_STATE.rejected]: [REVIEW_STATE.approved],
});

const RATING_TABLE: readonly CodeEntry<number>[] = [1, 2, 3, 4, 5].map((n) => ({
  value: n,
  cn: '★'.repeat(n),
  en: '★'.repeat(n),
}));

/** Marks beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS): moderating and replying. */
export const REVIEW_MARK_REVIEW = 'productReview:review' as const;

/**
 * /ProductReviews: shoppers' reviews (rating 1-5, text, pictures) moderated here, with the shop's
 * reply (POST /api/mall/productReview/review and /reply); only approved ones reach the storefront.
 */
const productReview: ResourceDef = {
  kind: 'mall',
  name: 'productReview',
  label: /*i18n*/ { id: 'resource.productReview', message: '商品评价' },
  routes: ['ProductReviews'],
  tenantScoped: true,
  mark: 'productReview',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['add', 'delete', 'export'],
  fields: [
    idField,
    {
      name: 'productId',
      label: /*i18n*/ { id: 'field.productReview.product', message: '商品' },
      type: 'ref',
      ref: { kind: 'mall', resource: 'mallProduct', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 180 },
    },
    {
      name: 'userName',
      label: /*i18n*/ { id: 'field.productReview.userName', message: '评价人' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 110 },
    },
    {
      name: 'rating',
      label: /*i18n*/ { id: 'field.productReview.rating', message: '评分' },
      type: 'code',
      codes: RATING_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'content',
      label: /*i18n*/ { id: 'field.productReview.content', message: '评价内容' },
      type: 'textarea',
      required: true,
      max: 1000,
      keyword: true,
      list: { width: 260 },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.productReview.image', message: '评价图片' },
      type: 'image',
      list: { width: 90 },
    },
    {
      name: 'state',
      label: /*i18n*/ { id: 'field.productReview.state', message: '审核状态' },
      type: 'code',
      codes: REVIEW_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 90, sortable: true },
    },
    {
      name: 'reviewReason',
      label: /*i18n*/ { id: 'field.productReview.reviewReason', message: '审核意见' },
      type: 'text',
      form: false,
      list: { width: 140 },
    },
    {
      name: 'reply',
      label: /*i18n*/ { id: 'field.productReview.reply', message: '商家回复' },
      type: 'text',
      form: false,
      list: { width: 200 },
    },
    {
      name: 'reviewerName',
      label: /*i18n*/ { id: 'field.productReview.reviewerName', message: '审核人' },
      type: 'text',
      form: false,
      list: { width: 100 },
    },
    tenantField,
    createdAtField,
  ],
};

export default productReview;
