import { createdAtField, idField, SHARED_LABELS, tenantField } from '../../shared/resources/common';
import type { FieldDef, ResourceDef } from '../../shared/resources/types';

const approvers = (level: 1 | 2 | 3, label: FieldDef['label']): FieldDef => ({
  name: `level${level}Approvers`,
  label,
  type: 'refs',
  ref: { kind: 'user', resource: 'user', labelField: 'name' },
  required: level === 1,
  list: { width: 200 },
});

/**
 * /audit 审批节点: a named flow of up to three levels, each naming its approvers (users of the
 * company). A request on the node (src/server/approvals/) waits for one approver of each level
 * in turn. A node needs at least two approvers in all ('approversAtLeastTwo') and its levels in
 * order ('approvalLevelsInvalid').
 */
const approvalNode: ResourceDef = {
  kind: 'user',
  name: 'approvalNode',
  label: /*i18n*/ { id: 'resource.approvalNode', message: '审批节点' },
  routes: ['audit'],
  tenantScoped: true,
  mark: 'approvalNode',
  defaultSort: { field: 'id', order: 'desc' },
  fields: [
    idField,
    {
      name: 'name',
      label: SHARED_LABELS.name,
      type: 'text',
      required: true,
      max: 50,
      keyword: true,
      filter: 'like',
      list: { width: 180, sortable: true },
    },
    approvers(1, /*i18n*/ { id: 'field.approvalNode.level1', message: '一级审批人' }),
    approvers(2, /*i18n*/ { id: 'field.approvalNode.level2', message: '二级审批人' }),
    approvers(3, /*i18n*/ { id: 'field.approvalNode.level3', message: '三级审批人' }),
    { name: 'remark', label: SHARED_LABELS.description, type: 'text', max: 200, list: { width: 200 } },
    tenantField,
    createdAtField,
  ],
};

export default approvalNode;
