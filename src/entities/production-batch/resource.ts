import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** A batch's state: planned, in production, in QA, done. */
export const BATCH_STATE = { planned: 1, inProduction: 2, qa: 3, done: 4 } as const;
export const BATCH_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: BATCH_STATE.planned, cn: '计划中', en: 'Planned' },
  { value: BATCH_STATE.inProduction, cn: '生产中', en: 'In production' },
  { value: BATCH_STATE.qa, cn: '质检中', en: 'In QA' },
  { value: BATCH_STATE.done, cn: '已完成', en: 'Done' },
];

/**
 * planned -> in production -> QA -> done; QA may send a batch back to production (rework).
 * Records are linked while planned or in production; QA results are entered in QA; a batch goes
 * to QA with at least one record ('batchEmpty') and is done when every record has a result
 * ('batchQaPending'). Anything else is 'noSuchTransition'.
 */
export const BATCH_MACHINE = stateMachine<number>('productionBatch', {
  [BATCH_STATE.planned]: [BATCH_STATE.inProduction],
  [BATCH_STATE.inProduction]: [BATCH_STATE.qa],
  [BATCH_STATE.qa]: [BATCH_STATE.done, BATCH_STATE.inProduction],
  [BATCH_STATE.done]: [],
});
export const BATCH_OPEN_STATES: readonly number[] = [BATCH_STATE.planned, BATCH_STATE.inProduction];

/** A production record's QA result within its batch. */
export const QA_RESULT = { pending: 0, passed: 1, failed: 2 } as const;
export const QA_RESULT_TABLE: readonly CodeEntry<number>[] = [
  { value: QA_RESULT.pending, cn: '待质检', en: 'Pending' },
  { value: QA_RESULT.passed, cn: '合格', en: 'Passed' },
  { value: QA_RESULT.failed, cn: '不合格', en: 'Failed' },
];

const B = {
  batchNo: /*i18n*/ { id: 'field.productionBatch.batchNo', message: '批次号' },
  product: /*i18n*/ { id: 'field.productionBatch.product', message: '产品' },
  planned: /*i18n*/ { id: 'field.productionBatch.planned', message: '计划数量' },
  produced: /*i18n*/ { id: 'field.productionBatch.produced', message: '已生产' },
  passed: /*i18n*/ { id: 'field.productionBatch.passed', message: '质检合格' },
  failed: /*i18n*/ { id: 'field.productionBatch.failed', message: '质检不合格' },
  state: /*i18n*/ { id: 'field.productionBatch.state', message: '批次状态' },
  note: /*i18n*/ { id: 'field.productionBatch.note', message: '备注' },
};

/**
 * Production batches (/productionSystem): the manufacturer's, like the production records they
 * group (/ProductionList), so not tenant-scoped. Produced, passed and failed are counted from the
 * linked records and their QA results (computed); the state moves through BATCH_MACHINE only.
 */
const productionBatch: ResourceDef = {
  kind: 'device',
  name: 'productionBatch',
  label: /*i18n*/ { id: 'resource.productionBatch', message: '生产批次' },
  routes: ['productionSystem'],
  tenantScoped: false,
  mark: 'productionBatch',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'batchNo',
      label: B.batchNo,
      type: 'text',
      required: true,
      max: 32,
      keyword: true,
      filter: 'like',
      list: { width: 150, sortable: true },
    },
    {
      name: 'productId',
      label: B.product,
      type: 'ref',
      ref: { kind: 'device', resource: 'product', labelField: 'name' },
      required: true,
      filter: 'eq',
      list: { width: 150 },
    },
    {
      name: 'quantityPlanned',
      label: B.planned,
      type: 'integer',
      required: true,
      min: 1,
      max: 1_000_000,
      list: { width: 100, sortable: true },
    },
    { name: 'produced', label: B.produced, type: 'integer', form: false, list: { width: 90 } },
    { name: 'qaPassed', label: B.passed, type: 'integer', form: false, list: { width: 90 } },
    { name: 'qaFailed', label: B.failed, type: 'integer', form: false, list: { width: 100 } },
    {
      name: 'state',
      label: B.state,
      type: 'code',
      codes: BATCH_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100, sortable: true },
    },
    { name: 'note', label: B.note, type: 'textarea', max: 200, list: { width: 180 } },
    createdAtField,
  ],
};

export default productionBatch;
