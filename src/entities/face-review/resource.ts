import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/**
 * The review codes of docs/requirements/states-and-codes.md#reviews-and-approvals: 0 pending,
 * 1 passed, 2 failed, 3 delivered (its library pushed to door units).
 */
export const FACE_REVIEW = { pending: 0, passed: 1, failed: 2, delivered: 3 } as const;
const FACE_REVIEW_TABLE: readonly CodeEntry<number>[] = [
  { value: 0, cn: '待审核', en: 'Pending' },
  { value: 1, cn: '已通过', en: 'Passed' },
  { value: 2, cn: '未通过', en: 'Failed' },
  { value: 3, cn: '已下发', en: 'Delivered' },
];
export const FACE_REVIEW_MACHINE = stateMachine<number>('faceReview', {
  [FACE_REVIEW.pending]: [FACE_REVIEW.passed, FACE_REVIEW.failed],
  [FACE_REVIEW.passed]: [FACE_REVIEW.delivered],
  [FACE_REVIEW.failed]: [],
  [FACE_REVIEW.delivered]: [],
});

/**
 * /faceVerification: faces residents uploaded, awaiting review. Approving one runs it through
 * face processing and adds it to its library as a sample labelled with the resident's name
 * (entities/face-review/routes.ts); a face that fails processing stays pending with the reason
 * shown and cannot be approved. Rejecting records the reviewer's reason.
 */
const faceReview: ResourceDef = {
  kind: 'user',
  name: 'faceReview',
  label: /*i18n*/ { id: 'resource.faceReview', message: '人脸审核' },
  routes: ['faceVerification'],
  tenantScoped: true,
  mark: 'faceReview',
  actions: ['add', 'delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'picture',
      label: /*i18n*/ { id: 'field.faceReview.picture', message: '人脸图片' },
      type: 'image',
      required: true,
      max: 500,
      upload: 'face/uploadFaceImg',
      list: { width: 90 },
    },
    {
      name: 'residentName',
      label: /*i18n*/ { id: 'field.faceReview.residentName', message: '住户' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 120, sortable: true },
    },
    {
      name: 'room',
      label: /*i18n*/ { id: 'field.faceReview.room', message: '房间' },
      type: 'text',
      max: 50,
      keyword: true,
      list: { width: 110 },
    },
    {
      name: 'libraryId',
      label: /*i18n*/ { id: 'field.faceReview.libraryId', message: '人脸库' },
      type: 'ref',
      ref: { kind: 'user', resource: 'faceLibrary', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'state',
      label: /*i18n*/ { id: 'field.faceReview.state', message: '审核状态' },
      type: 'code',
      codes: FACE_REVIEW_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'reason',
      label: /*i18n*/ { id: 'field.faceReview.reason', message: '原因' },
      type: 'text',
      form: false,
      max: 200,
      list: { width: 220 },
    },
    {
      name: 'sampleId',
      label: /*i18n*/ { id: 'field.faceReview.sampleId', message: '样本编号' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default faceReview;
