import type { CodeEntry } from '../../shared/codes';
import { AD_DATE_RE, AD_TIME_RE } from '../../shared/devices/ads';
import { createdAtField, idField, SHARED_LABELS, statusField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** docs/requirements/states-and-codes.md "Review": 0 pending, 1 passed, 2 failed, 3 delivered. */
export const AD_REVIEW = { pending: 0, passed: 1, failed: 2, delivered: 3 } as const;

const AD_REVIEW_TABLE: readonly CodeEntry<number>[] = [
  { value: AD_REVIEW.pending, cn: '待审核', en: 'Pending' },
  { value: AD_REVIEW.passed, cn: '审核通过', en: 'Passed' },
  { value: AD_REVIEW.failed, cn: '审核未通过', en: 'Failed' },
  { value: AD_REVIEW.delivered, cn: '已投放', en: 'Delivered' },
];

/**
 * An ad's review: a pending ad is passed or failed; a failed one is resubmitted (after an edit);
 * an edited passed one goes back to review; only a passed one is distributed (delivered); a
 * delivered one whose every door unit was withdrawn is passed again. Anything else is
 * 'noSuchTransition'.
 */
export const AD_REVIEW_MACHINE = stateMachine<number>('advertisementReview', {
  [AD_REVIEW.pending]: [AD_REVIEW.passed, AD_REVIEW.failed],
  [AD_REVIEW.passed]: [AD_REVIEW.delivered, AD_REVIEW.pending],
  [AD_REVIEW.failed]: [AD_REVIEW.pending],
  [AD_REVIEW.delivered]: [AD_REVIEW.passed],
});

/** Marks beyond the CRUD set (src/shared/permissions.ts EXTRA_MARKS). */
export const AD_MARK_REVIEW = 'advertisement:review' as const;
export const AD_MARK_DISTRIBUTE = 'advertisement:distribute' as const;

/**
 * /advertisementManagement (with /advertisingReview and /advertisingdistribution): ads on
 * door-unit screens. The video comes from `ossUser/uploadAdvertVideo`, which measures its
 * duration and makes its poster; `fee` is yuan per play, and `billed` (fee x plays) is what the
 * bills of the payments issue take (docs/decisions.md "Advertising").
 */
const advertisement: ResourceDef = {
  kind: 'user',
  name: 'advertisement',
  label: /*i18n*/ { id: 'resource.advertisement', message: '广告' },
  routes: ['advertisementManagement', 'advertisingReview', 'advertisingdistribution'],
  tenantScoped: true,
  mark: 'advertisement',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.advertisement.title', message: '广告标题' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'client',
      label: /*i18n*/ { id: 'field.advertisement.client', message: '广告主' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'phone',
      label: /*i18n*/ { id: 'field.advertisement.phone', message: '联系电话' },
      type: 'phone',
      required: true,
      keyword: true,
      list: { width: 130 },
    },
    {
      name: 'video',
      label: /*i18n*/ { id: 'field.advertisement.video', message: '广告视频' },
      type: 'text',
      required: true,
      max: 200,
      list: { width: 220 },
    },
    {
      name: 'poster',
      label: /*i18n*/ { id: 'field.advertisement.poster', message: '封面' },
      type: 'text',
      form: false,
      list: false,
    },
    {
      name: 'durationS',
      label: /*i18n*/ { id: 'field.advertisement.durationS', message: '时长（秒）' },
      type: 'integer',
      form: false,
      filter: 'range',
      list: { width: 100, sortable: true },
    },
    {
      name: 'fee',
      label: /*i18n*/ { id: 'field.advertisement.fee', message: '费用（元/次）' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 1_000_000,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'communityIds',
      label: /*i18n*/ { id: 'field.advertisement.communityIds', message: '投放小区' },
      type: 'refs',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'unitIds',
      label: /*i18n*/ { id: 'field.advertisement.unitIds', message: '投放单元' },
      type: 'refs',
      ref: { kind: 'user', resource: 'unit', labelField: 'name' },
      list: { width: 160 },
    },
    {
      name: 'startDate',
      label: /*i18n*/ { id: 'field.advertisement.startDate', message: '开始日期' },
      type: 'text',
      pattern: { re: AD_DATE_RE, message: 'dateInvalid' },
      max: 10,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'endDate',
      label: /*i18n*/ { id: 'field.advertisement.endDate', message: '结束日期' },
      type: 'text',
      pattern: { re: AD_DATE_RE, message: 'dateInvalid' },
      max: 10,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'dailyStart',
      label: /*i18n*/ { id: 'field.advertisement.dailyStart', message: '每日开始' },
      type: 'text',
      pattern: { re: AD_TIME_RE, message: 'timeInvalid' },
      max: 5,
      list: { width: 90 },
    },
    {
      name: 'dailyEnd',
      label: /*i18n*/ { id: 'field.advertisement.dailyEnd', message: '每日结束' },
      type: 'text',
      pattern: { re: AD_TIME_RE, message: 'timeInvalid' },
      max: 5,
      list: { width: 90 },
    },
    { ...statusField },
    {
      name: 'reviewState',
      label: /*i18n*/ { id: 'field.advertisement.reviewState', message: '审核状态' },
      type: 'code',
      codes: AD_REVIEW_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'reviewReason',
      label: /*i18n*/ { id: 'field.advertisement.reviewReason', message: '审核意见' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    {
      name: 'reviewerName',
      label: /*i18n*/ { id: 'field.advertisement.reviewerName', message: '审核人' },
      type: 'text',
      form: false,
      list: { width: 100 },
    },
    {
      name: 'plays',
      label: /*i18n*/ { id: 'field.advertisement.plays', message: '播放次数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    {
      name: 'billed',
      label: /*i18n*/ { id: 'field.advertisement.billed', message: '计费金额（元）' },
      type: 'decimal',
      form: false,
      list: { width: 120 },
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default advertisement;
