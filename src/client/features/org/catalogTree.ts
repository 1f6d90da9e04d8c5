import type { TreeNode } from '../../components/TreeList';
import type { RoleTreeNode } from '../resources/resources.queries';

/** The catalogue as TreeList nodes, labelled in Chinese for cn and English (when present) otherwise. */
export function toTreeNodes(tree: readonly RoleTreeNode[], lang: string): TreeNode[] {
  return tree.map((node) => ({
    id: node.id,
    label: lang === 'cn' ? node.name : node.enName || node.name,
    children: node.list?.length ? toTreeNodes(node.list, lang) : undefined,
  }));
}

/** Checked ids plus every ancestor of them: granting a menu grants its directory too. */
export function withAncestors(tree: readonly RoleTreeNode[], ids: readonly number[]): number[] {
  const parent = new Map<number, number>();
  const walk = (nodes: readonly RoleTreeNode[], pid: number | null) => {
    for (const node of nodes) {
      if (pid !== null) parent.set(node.id, pid);
      walk(node.list ?? [], node.id);
    }
  };
  walk(tree, null);
  const out = new Set(ids);
  for (const id of ids) {
    let p = parent.get(id);
    while (p !== undefined && !out.has(p)) {
      out.add(p);
      p = parent.get(p);
    }
  }
  return [...out];
}
