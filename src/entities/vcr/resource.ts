import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import { REVIEW_STATE_TABLE } from '../../shared/resources/review';
import type { ResourceDef } from '../../shared/resources/types';

/** docs/requirements/realtime-video.md#recording: type 1 alioss-type storage, 2 qiniu-type. */
const VCR_STORAGE_TABLE: readonly CodeEntry<number>[] = [
  { value: 1, cn: '对象存储（S3 兼容）', en: 'Object storage (S3-compatible)' },
  { value: 2, cn: '本地存储', en: 'Local storage' },
];

/**
 * /VCRList (and the map popup /VCRListtc): the recordings of calls and conferences. The service
 * adds a row when a recording it made ends (./store.ts); `POST /api/device/vcr/addVcrInfo` (the
 * spec's call after recording) names the devices and the bucket, or lists a recording made
 * elsewhere. Operators review, publish, pin, play with seeking, export and delete.
 */
const vcr: ResourceDef = {
  kind: 'device',
  name: 'vcr',
  label: /*i18n*/ { id: 'resource.vcr', message: '视频录像' },
  routes: ['VCRList', 'VCRListtc', 'videoManage'],
  tenantScoped: true,
  mark: 'vcr',
  actions: ['update', 'delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'fileName',
      label: /*i18n*/ { id: 'field.vcr.fileName', message: '文件名' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 200, sortable: true },
    },
    {
      name: 'title',
      label: /*i18n*/ { id: 'field.vcr.title', message: '标题' },
      type: 'text',
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 160 },
    },
    {
      name: 'imeis',
      label: /*i18n*/ { id: 'field.vcr.imeis', message: '设备IMEI' },
      type: 'text',
      form: false,
      keyword: true,
      filter: 'like',
      list: { width: 170 },
    },
    {
      name: 'room',
      label: /*i18n*/ { id: 'field.vcr.room', message: '房间' },
      type: 'text',
      form: false,
      filter: 'like',
      list: { width: 120 },
    },
    {
      name: 'durationMs',
      label: /*i18n*/ { id: 'field.vcr.durationMs', message: '时长（毫秒）' },
      type: 'integer',
      form: false,
      filter: 'range',
      list: { width: 110, sortable: true },
    },
    {
      name: 'size',
      label: /*i18n*/ { id: 'field.vcr.size', message: '大小（字节）' },
      type: 'integer',
      form: false,
      list: { width: 110, sortable: true },
    },
    {
      name: 'type',
      label: /*i18n*/ { id: 'field.vcr.type', message: '存储类型' },
      type: 'code',
      codes: VCR_STORAGE_TABLE,
      form: false,
      list: { width: 130 },
    },
    {
      name: 'bucketName',
      label: /*i18n*/ { id: 'field.vcr.bucketName', message: '存储桶' },
      type: 'text',
      form: false,
      list: { width: 120 },
    },
    {
      name: 'reviewState',
      label: /*i18n*/ { id: 'field.vcr.reviewState', message: '审核状态' },
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
      label: /*i18n*/ { id: 'field.vcr.pinned', message: '置顶' },
      type: 'boolean',
      filter: 'eq',
      list: { width: 80, sortable: true },
    },
    { name: 'file', label: /*i18n*/ { id: 'field.vcr.file', message: '录像' }, type: 'text', form: false, list: false },
    {
      name: 'poster',
      label: /*i18n*/ { id: 'field.vcr.poster', message: '封面' },
      type: 'text',
      form: false,
      list: false,
    },
    tenantField,
    createdAtField,
  ],
};

export default vcr;
