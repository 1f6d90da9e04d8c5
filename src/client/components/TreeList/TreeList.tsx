import { useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Checkbox, Collapse, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconDots } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { branchIds, checkState, toggleChecked, type TreeNode } from './treeState';
import classes from './TreeList.module.css';

export interface TreeNodeAction {
  label: string;
  onClick: () => void;
  color?: string;
}

interface TreeListProps {
  nodes: TreeNode[];
  selectable?: boolean;
  checked?: number[];
  onCheckedChange?: (ids: number[]) => void;
  actions?: (node: TreeNode) => TreeNodeAction[];
  defaultExpanded?: 'all' | 'none';
}

/** docs/requirements/widgets.md#tree-list: the tree slides open and shut in 300 ms. */
export const TREE_SLIDE_MS = 300;
const INDENT_PX = 20;

/**
 * Expandable tree with optional check boxes and a per-node action menu (docs/requirements/widgets.md#tree-list).
 * `checked` may be controlled; without it the tree keeps its own selection.
 */
export function TreeList({
  nodes,
  selectable = false,
  checked,
  onCheckedChange,
  actions,
  defaultExpanded = 'none',
}: TreeListProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(
    () => new Set(defaultExpanded === 'all' ? branchIds(nodes) : []),
  );
  const [ownChecked, setOwnChecked] = useState<number[]>([]);
  const current = checked ?? ownChecked;
  const checkedSet = new Set(current);

  const toggleExpanded = (id: number, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const setChecked = (node: TreeNode, on: boolean) => {
    const next = toggleChecked(current, node, on);
    if (checked === undefined) setOwnChecked(next);
    onCheckedChange?.(next);
  };

  const ctx: BranchContext = { selectable, checkedSet, expanded, toggleExpanded, setChecked, actions };
  return (
    <Box component="ul" role="tree" className={classes.list}>
      {nodes.map((node) => (
        <TreeBranch key={node.id} node={node} depth={0} ctx={ctx} />
      ))}
    </Box>
  );
}

interface BranchContext {
  selectable: boolean;
  checkedSet: ReadonlySet<number>;
  expanded: ReadonlySet<number>;
  toggleExpanded: (id: number, open?: boolean) => void;
  setChecked: (node: TreeNode, on: boolean) => void;
  actions?: (node: TreeNode) => TreeNodeAction[];
}

function TreeBranch({ node, depth, ctx }: { node: TreeNode; depth: number; ctx: BranchContext }) {
  const { t } = useLingui();
  const hasChildren = Boolean(node.children?.length);
  const open = hasChildren && ctx.expanded.has(node.id);
  const state = checkState(node, ctx.checkedSet);
  const nodeActions = ctx.actions?.(node) ?? [];
  const label = node.label;

  // Arrow keys follow the WAI-ARIA tree pattern: up/down move between rows, right/left open and close.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusSibling(event.currentTarget, event.key === 'ArrowDown' ? 1 : -1);
    } else if (hasChildren && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      event.preventDefault();
      ctx.toggleExpanded(node.id, event.key === 'ArrowRight');
    }
  };

  return (
    <li
      role="treeitem"
      aria-expanded={hasChildren ? open : undefined}
      aria-level={depth + 1}
      aria-label={label}
      className={classes.item}
    >
      <Group
        gap={6}
        wrap="nowrap"
        className={classes.row}
        data-tree-row
        style={{ paddingInlineStart: depth * INDENT_PX }}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {hasChildren ? (
          <UnstyledButton
            className={classes.toggle}
            data-open={open || undefined}
            aria-label={open ? t`收起 ${label}` : t`展开 ${label}`}
            aria-expanded={open}
            onClick={() => ctx.toggleExpanded(node.id)}
          >
            <IconChevronRight size={14} className={classes.chevron} />
          </UnstyledButton>
        ) : (
          <span className={classes.toggle} aria-hidden />
        )}
        {ctx.selectable && (
          <Checkbox
            size="xs"
            aria-label={label}
            checked={state === 'checked'}
            indeterminate={state === 'indeterminate'}
            disabled={node.disabled}
            onChange={(event) => ctx.setChecked(node, event.currentTarget.checked)}
          />
        )}
        <Text size="sm" className={classes.label} c={node.disabled ? 'dimmed' : undefined}>
          {label}
        </Text>
        {nodeActions.length > 0 && (
          <Menu position="right-start" withArrow shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" size="sm" aria-label={t`操作 ${label}`}>
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {nodeActions.map((action) => (
                <Menu.Item key={action.label} color={action.color} onClick={action.onClick}>
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {hasChildren && (
        <Collapse expanded={open} transitionDuration={TREE_SLIDE_MS} keepMounted={false}>
          <ul role="group" className={classes.list}>
            {node.children!.map((child) => (
              <TreeBranch key={child.id} node={child} depth={depth + 1} ctx={ctx} />
            ))}
          </ul>
        </Collapse>
      )}
    </li>
  );
}

function focusSibling(row: HTMLElement, step: 1 | -1) {
  const rows = Array.from(row.closest('[role="tree"]')?.querySelectorAll<HTMLElement>('[data-tree-row]') ?? []);
  rows[rows.indexOf(row) + step]?.focus();
}
