import { createdAtField, idField, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';

/** Defaults of a new library (docs/decisions.md "Faces"): the quality 0..1, similarities are cosine. */
export const FACE_DEFAULTS = { qualityThreshold: 0.5, intraThreshold: 0.6, interThreshold: 0.75 } as const;

/**
 * /faceList: a company's face libraries. Each has its thresholds: the quality a sample's face
 * must reach, the similarity under which a person's samples are said to disagree (intra-class:
 * a warning, the sample is saved), and the similarity at or above which two faces are taken for
 * the same person (inter-class: a sample that close to another person's is refused, and a door
 * unit's picture that close to a sample is a match).
 */
const faceLibrary: ResourceDef = {
  kind: 'user',
  name: 'faceLibrary',
  label: /*i18n*/ { id: 'resource.faceLibrary', message: '人脸库' },
  routes: ['faceList'],
  tenantScoped: true,
  mark: 'faceLibrary',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.faceLibrary.name', message: '名称' },
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    {
      name: 'qualityThreshold',
      label: /*i18n*/ { id: 'field.faceLibrary.qualityThreshold', message: '质量阈值' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 1,
      list: { width: 100 },
    },
    {
      name: 'intraThreshold',
      label: /*i18n*/ { id: 'field.faceLibrary.intraThreshold', message: '类内相似度阈值' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 1,
      list: { width: 120 },
    },
    {
      name: 'interThreshold',
      label: /*i18n*/ { id: 'field.faceLibrary.interThreshold', message: '类间相似度阈值' },
      type: 'decimal',
      required: true,
      min: 0,
      max: 1,
      list: { width: 120 },
    },
    {
      name: 'info',
      label: /*i18n*/ { id: 'field.faceLibrary.info', message: '自定义信息' },
      type: 'textarea',
      max: 500,
      keyword: true,
      list: { width: 220 },
    },
    {
      name: 'sampleCount',
      label: /*i18n*/ { id: 'field.faceLibrary.sampleCount', message: '样本数' },
      type: 'integer',
      form: false,
      list: { width: 90 },
    },
    tenantField,
    createdAtField,
  ],
};

export default faceLibrary;
