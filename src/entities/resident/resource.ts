import type { CodeEntry } from '../../shared/codes';
import { COMMUNITY_LABELS } from '../community/resource';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** A resident's relation to the room. */
export const RESIDENT_ROLE = { owner: 1, family: 2, tenant: 3 } as const;
const RESIDENT_ROLE_TABLE: readonly CodeEntry<number>[] = [
  { value: RESIDENT_ROLE.owner, cn: '业主', en: 'Owner' },
  { value: RESIDENT_ROLE.family, cn: '家属', en: 'Family' },
  { value: RESIDENT_ROLE.tenant, cn: '租户', en: 'Tenant' },
];

/**
 * The review states of a binding (docs/requirements/states-and-codes.md#status-words, "review":
 * pass, in review, reject, apply to join, apply to exit, assign). A console binding starts
 * assigned; an application starts as "apply to join" and goes through /bindingReview; a bound
 * resident may apply to exit.
 */
export const BINDING = { pass: 1, inReview: 2, reject: 3, applyJoin: 4, applyExit: 5, assign: 6 } as const;
const BINDING_TABLE: readonly CodeEntry<number>[] = [
  { value: BINDING.pass, cn: '通过', en: 'Passed' },
  { value: BINDING.inReview, cn: '审核中', en: 'In review' },
  { value: BINDING.reject, cn: '拒绝', en: 'Rejected' },
  { value: BINDING.applyJoin, cn: '申请加入', en: 'Applying to join' },
  { value: BINDING.applyExit, cn: '申请退出', en: 'Applying to exit' },
  { value: BINDING.assign, cn: '指派', en: 'Assigned' },
];

/** States in which the person lives there (an exit not yet approved included): counted as occupants, and their rights are pushed. */
export const BOUND_STATES: readonly number[] = [BINDING.pass, BINDING.assign, BINDING.applyExit];

/**
 * Which review moves are allowed. Approving an exit ends the binding (the row and its rights go);
 * refusing one returns it to passed. Anything else answers 'noSuchTransition'.
 */
export const BINDING_MACHINE = stateMachine<number>('binding', {
  [BINDING.applyJoin]: [BINDING.inReview, BINDING.pass, BINDING.reject],
  [BINDING.inReview]: [BINDING.pass, BINDING.reject],
  [BINDING.reject]: [BINDING.applyJoin],
  [BINDING.pass]: [BINDING.applyExit],
  [BINDING.assign]: [BINDING.applyExit],
  [BINDING.applyExit]: [BINDING.pass],
});

const RESIDENT_LABELS = {
  resident: /*i18n*/ { id: 'field.resident', message: '住户' },
  room: /*i18n*/ { id: 'field.room', message: '房间' },
};

/**
 * /bindingReview: the residents bound to rooms (owner, family, tenant) and the applications to
 * join or leave, with approve and reject (reasons) and batch approve (./routes.ts).
 */
const resident: ResourceDef = {
  kind: 'user',
  name: 'resident',
  label: /*i18n*/ { id: 'resource.resident', message: '住户' },
  routes: ['bindingReview'],
  tenantScoped: true,
  mark: 'resident',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.resident.name', message: '姓名' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 120, sortable: true },
    },
    {
      name: 'phone',
      label: SHARED_LABELS.phone,
      type: 'phone',
      required: true,
      keyword: true,
      filter: 'like',
      list: { width: 130 },
    },
    {
      name: 'idNumber',
      label: /*i18n*/ { id: 'field.resident.idNumber', message: '身份证号' },
      type: 'text',
      max: 18,
      pattern: { re: /^(\d{15}|\d{17}[\dXx])$/, message: 'idNumberInvalid' },
      list: { width: 170 },
    },
    {
      name: 'role',
      label: /*i18n*/ { id: 'field.resident.role', message: '身份' },
      type: 'code',
      codes: RESIDENT_ROLE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 80 },
    },
    {
      name: 'roomId',
      label: RESIDENT_LABELS.room,
      type: 'ref',
      ref: { kind: 'user', resource: 'room', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'communityId',
      label: COMMUNITY_LABELS.community,
      type: 'ref',
      ref: { kind: 'user', resource: 'community', labelField: 'name' },
      form: false,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'userId',
      label: /*i18n*/ { id: 'field.resident.user', message: '控制台用户' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'username' },
      list: { width: 120 },
    },
    {
      name: 'facePhoto',
      label: /*i18n*/ { id: 'field.resident.facePhoto', message: '人脸照片' },
      type: 'image',
      upload: 'face/uploadFaceImg',
      list: { width: 90 },
    },
    {
      name: 'reviewState',
      label: /*i18n*/ { id: 'field.resident.reviewState', message: '审核状态' },
      type: 'code',
      codes: BINDING_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'reviewReason',
      label: /*i18n*/ { id: 'field.resident.reviewReason', message: '审核意见' },
      type: 'text',
      form: false,
      list: { width: 160 },
    },
    tenantField,
    createdAtField,
  ],
};

export default resident;
