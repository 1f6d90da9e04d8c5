import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import { REVIEW_STATE_TABLE } from '../../shared/resources/review';
import type { ResourceDef } from '../../shared/resources/types';

/** Where a photo came from: uploaded by a user, a snapshot of the monitoring wall, a device's capture. */
const PHOTO_SOURCE_TABLE: readonly CodeEntry<number>[] = [
  { value: 0, cn: '上传', en: 'Upload' },
  { value: 1, cn: '监控抓拍', en: 'Wall snapshot' },
  { value: 2, cn: '设备抓拍', en: 'Device capture' },
];

/**
 * /picture and /PhotoList (and /video_capture, the snapshots and captures): photos with their
 * thumbnails (made by the service), review, publishing and pinning. The wall's snapshots arrive
 * through `POST /api/device/photo/snapshot` (src/entities/photo/routes.ts).
 */
const photo: ResourceDef = {
  kind: 'device',
  name: 'photo',
  label: /*i18n*/ { id: 'resource.photo', message: '照片' },
  routes: ['picture', 'PhotoList', 'video_capture'],
  tenantScoped: true,
  mark: 'photo',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'thumb',
      label: /*i18n*/ { id: 'field.photo.thumb', message: '缩略图' },
      type: 'image',
      form: false,
      list: { width: 110 },
    },
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.photo.title', message: '标题' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'image',
      label: /*i18n*/ { id: 'field.photo.image', message: '图片' },
      type: 'image',
      required: true,
      max: 500,
      list: false,
    },
    {
      name: 'source',
      label: /*i18n*/ { id: 'field.photo.source', message: '来源' },
      type: 'code',
      codes: PHOTO_SOURCE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 110, sortable: true },
    },
    {
      name: 'imei',
      label: /*i18n*/ { id: 'field.photo.imei', message: '设备IMEI' },
      type: 'text',
      max: 20,
      keyword: true,
      filter: 'like',
      list: { width: 160 },
    },
    {
      name: 'reporter',
      label: /*i18n*/ { id: 'field.photo.reporter', message: '发布者' },
      type: 'text',
      form: false,
      keyword: true,
      list: { width: 130 },
    },
    {
      name: 'width',
      label: /*i18n*/ { id: 'field.photo.width', message: '宽度' },
      type: 'integer',
      form: false,
      list: { width: 80 },
    },
    {
      name: 'height',
      label: /*i18n*/ { id: 'field.photo.height', message: '高度' },
      type: 'integer',
      form: false,
      list: { width: 80 },
    },
    {
      name: 'reviewState',
      label: /*i18n*/ { id: 'field.photo.reviewState', message: '审核状态' },
      type: 'code',
      codes: REVIEW_STATE_TABLE,
      required: true,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    {
      name: 'published',
      label: /*i18n*/ { id: 'field.photo.published', message: '已发布' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80, sortable: true },
    },
    {
      name: 'pinned',
      label: /*i18n*/ { id: 'field.photo.pinned', message: '置顶' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80, sortable: true },
    },
    tenantField,
    createdAtField,
  ],
};

export default photo;
