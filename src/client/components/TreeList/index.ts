export { TreeList, TREE_SLIDE_MS, type TreeListProps, type TreeNodeAction } from './TreeList';
export { branchIds, checkState, descendantIds, toggleChecked, type TreeNode } from './treeState';
