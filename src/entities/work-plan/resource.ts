import type { CodeEntry } from '../../shared/codes';
import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { ResourceDef } from '../../shared/resources/types';
import { stateMachine } from '../../shared/state-machine';

/** A plan's state (spec "Task or plan"): 1 not completed, 2 completed, 3 abnormal. */
export const WORK_PLAN_STATE = { open: 1, completed: 2, abnormal: 3 } as const;
export const WORK_PLAN_STATE_TABLE: readonly CodeEntry[] = [
  { value: WORK_PLAN_STATE.open, cn: '未完成', en: 'Not completed' },
  { value: WORK_PLAN_STATE.completed, cn: '已完成', en: 'Completed' },
  { value: WORK_PLAN_STATE.abnormal, cn: '异常', en: 'Abnormal' },
];

/**
 * Moves between the states a plan reads in (its stored state, or abnormal when overdue: see
 * server.ts): an open or abnormal plan is completed, an open one is reported abnormal, an
 * abnormal one is set back to open, a completed one is reopened. Anything else is
 * 'noSuchTransition'.
 */
export const WORK_PLAN_MACHINE = stateMachine<number>('workPlan', {
  [WORK_PLAN_STATE.open]: [WORK_PLAN_STATE.completed, WORK_PLAN_STATE.abnormal],
  [WORK_PLAN_STATE.abnormal]: [WORK_PLAN_STATE.completed, WORK_PLAN_STATE.open],
  [WORK_PLAN_STATE.completed]: [WORK_PLAN_STATE.open],
});

/** One plan as the Gantt view (POST /api/user/workPlan/tree) and the state moves answer it. */
export interface PlanBar {
  id: number;
  parentId: number | null;
  name: string;
  superiorId: number | null;
  superiorName: string | null;
  /** YYYY-MM-DD, both inclusive. */
  startDate: string;
  endDate: string;
  periodDays: number;
  progress: number;
  /** As read: abnormal when not completed and past the end date. */
  state: number;
}

/** The answer of /tree: the plans and today's date where the service keeps time. */
export interface PlanTree {
  rows: PlanBar[];
  today: string;
}

const DAY_MS = 86_400_000;

/** The last day of a plan of `periodDays` days starting on `startDate` (YYYY-MM-DD): start + period - 1. */
export function planEnd(startDate: string, periodDays: number): string {
  const start = Date.UTC(
    Number(startDate.slice(0, 4)),
    Number(startDate.slice(5, 7)) - 1,
    Number(startDate.slice(8, 10)),
  );
  return new Date(start + (Math.max(1, periodDays) - 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * /workPlan: plans of a construction site and their sub-plans (`parentId`), each with the user
 * in charge (`superiorId`: the caller unless another user is named), a start date and a period in days; `endDate` follows from them and a
 * sub-plan lies within its parent's dates. `state` is the stored state except that a plan not
 * completed whose end date has passed reads as abnormal (computed at read, no sweep). It moves
 * only through the plugin's complete / abnormal / reopen (WORK_PLAN_MACHINE), never the form.
 */
const workPlan: ResourceDef = {
  kind: 'user',
  name: 'workPlan',
  label: /*i18n*/ { id: 'resource.workPlan', message: '工作计划' },
  routes: ['workPlan'],
  tenantScoped: true,
  mark: 'workPlan',
  defaultSort: { field: 'startDate', order: 'asc' },
  fields: [
    idField,
    {
      name: 'name',
      label: /*i18n*/ { id: 'field.workPlan.name', message: '计划名称' },
      type: 'text',
      required: true,
      max: 100,
      keyword: true,
      filter: 'like',
      list: { width: 200, fixed: 'left', sortable: true },
    },
    {
      name: 'parentId',
      label: /*i18n*/ { id: 'field.workPlan.parent', message: '上级计划' },
      type: 'ref',
      ref: { kind: 'user', resource: 'workPlan', labelField: 'name' },
      filter: 'eq',
      list: { width: 160 },
    },
    {
      name: 'superiorId',
      label: /*i18n*/ { id: 'field.workPlan.superior', message: '负责人' },
      type: 'ref',
      ref: { kind: 'user', resource: 'user', labelField: 'name' },
      filter: 'eq',
      list: { width: 120 },
    },
    {
      name: 'startDate',
      label: /*i18n*/ { id: 'field.workPlan.startDate', message: '开始日期' },
      type: 'date',
      required: true,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'periodDays',
      label: /*i18n*/ { id: 'field.workPlan.periodDays', message: '周期（天）' },
      type: 'integer',
      required: true,
      min: 1,
      max: 3650,
      list: { width: 100, sortable: true },
    },
    {
      name: 'endDate',
      label: /*i18n*/ { id: 'field.workPlan.endDate', message: '结束日期' },
      type: 'date',
      form: false,
      filter: 'range',
      list: { width: 120, sortable: true },
    },
    {
      name: 'progress',
      label: /*i18n*/ { id: 'field.workPlan.progress', message: '进度（%）' },
      type: 'integer',
      min: 0,
      max: 100,
      list: { width: 100, sortable: true },
    },
    {
      name: 'state',
      label: SHARED_LABELS.status,
      type: 'code',
      codes: WORK_PLAN_STATE_TABLE,
      form: false,
      filter: 'eq',
      list: { width: 100 },
    },
    {
      name: 'content',
      label: /*i18n*/ { id: 'field.workPlan.content', message: '计划内容' },
      type: 'textarea',
      max: 2000,
      list: false,
    },
    tenantField,
    { ...createdAtField, label: SHARED_LABELS.createdAt },
  ],
};

export default workPlan;
