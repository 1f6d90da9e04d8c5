export { TreeList, TREE_SLIDE_MS, type TreeListProps, type TreeNode, type TreeNodeAction } from './TreeList';
export { branchIds, checkState, descendantIds, toggleChecked } from './treeState';
