import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** A saved sample's warning: its face differs from the same person's other samples (intra-class). */
const FACE_WARNING_TABLE: readonly CodeEntry<string>[] = [
  { value: 'faceSamplesDisagree', cn: '与此人的其他样本差异较大', en: "Differs from the person's other samples" },
];

/** Labels are comma-separated (ASCII or full-width commas); the first names the person. */
const FACE_LABELS_RE = /^\s*[^,，\s][^,，]*(\s*[,，]\s*[^,，]*)*$/;

/** "张三， 业主,,3栋" -> "张三,业主,3栋": trimmed, empty and repeated labels dropped. */
export function normaliseLabels(labels: string): string {
  return [
    ...new Set(
      labels
        .split(/[,，]/)
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ].join(',');
}

/** The person a sample belongs to: its first label. */
export function personOf(labels: string): string {
  return normaliseLabels(labels).split(',')[0] ?? '';
}

/**
 * /FaceEntities (and the gallery /getFaceList): the samples of the face libraries. A face image
 * is uploaded first (`POST /api/user/face/uploadFaceImg`), then the sample is added with its URL:
 * the service finds exactly one face in it, checks its quality against the library's threshold,
 * stores its embedding (never sent to the console) and compares it with the library's other
 * samples (src/server/faces/samples.ts).
 */
const faceSample: ResourceDef = {
  kind: 'user',
  name: 'faceSample',
  label: /*i18n*/ { id: 'resource.faceSample', message: '人脸样本' },
  routes: ['FaceEntities', 'getFaceList'],
  tenantScoped: true,
  mark: 'faceSample',
  actions: ['add', 'update', 'delete', 'export'],
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'picture',
      label: /*i18n*/ { id: 'field.faceSample.picture', message: '人脸图片' },
      type: 'image',
      required: true,
      max: 500,
      upload: 'face/uploadFaceImg',
      list: { width: 90 },
    },
    {
      name: 'labels',
      label: /*i18n*/ { id: 'field.faceSample.labels', message: '标签（逗号分隔，第一个为人名）' },
      type: 'text',
      required: true,
      max: 200,
      pattern: { re: FACE_LABELS_RE, message: 'required' },
      keyword: true,
      filter: 'like',
      list: { width: 200, sortable: true },
    },
    {
      name: 'libraryId',
      label: /*i18n*/ { id: 'field.faceSample.libraryId', message: '人脸库' },
      type: 'ref',
      ref: { kind: 'user', resource: 'faceLibrary', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 140 },
    },
    {
      name: 'quality',
      label: /*i18n*/ { id: 'field.faceSample.quality', message: '质量' },
      type: 'decimal',
      form: false,
      filter: 'range',
      list: { width: 80, sortable: true },
    },
    {
      name: 'warning',
      label: /*i18n*/ { id: 'field.faceSample.warning', message: '提示' },
      type: 'code',
      codes: FACE_WARNING_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 180 },
    },
    tenantField,
    createdAtField,
  ],
};

export default faceSample;
