export { TreeList, TREE_SLIDE_MS, type TreeNodeAction } from './TreeList';
export { type TreeNode } from './treeState';
