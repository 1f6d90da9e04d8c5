export type TreeNode = { id: number; label: string; children?: TreeNode[]; disabled?: boolean };

/** Ids of every node below `node` (not `node` itself). */
function descendantIds(node: TreeNode): number[] {
  const out: number[] = [];
  const walk = (children: TreeNode[] | undefined) => {
    for (const child of children ?? []) {
      out.push(child.id);
      walk(child.children);
    }
  };
  walk(node.children);
  return out;
}

/** Ids of every node that has children, for `defaultExpanded="all"`. */
export function branchIds(nodes: TreeNode[]): number[] {
  const out: number[] = [];
  const walk = (list: TreeNode[]) => {
    for (const node of list) {
      if (node.children?.length) {
        out.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return out;
}

/**
 * Toggles `node` in `checked`: a parent carries its (enabled) descendants along, while a
 * child never forces its parent - the caller decides what a fully checked branch means.
 */
export function toggleChecked(checked: number[], node: TreeNode, on: boolean): number[] {
  const affected = new Set([node.id, ...collectEnabled(node.children)]);
  if (on) return [...new Set([...checked, ...affected])];
  return checked.filter((id) => !affected.has(id));
}

function collectEnabled(children: TreeNode[] | undefined): number[] {
  const out: number[] = [];
  for (const child of children ?? []) {
    if (child.disabled) continue;
    out.push(child.id, ...collectEnabled(child.children));
  }
  return out;
}

type CheckState = 'checked' | 'indeterminate' | 'unchecked';

export function checkState(node: TreeNode, checked: ReadonlySet<number>): CheckState {
  if (checked.has(node.id)) return 'checked';
  return descendantIds(node).some((id) => checked.has(id)) ? 'indeterminate' : 'unchecked';
}
