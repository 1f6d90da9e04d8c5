import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TREE_SLIDE_MS, TreeList, type TreeNode } from '../../../src/client/components/TreeList';
import { toggleChecked } from '../../../src/client/components/TreeList/treeState';
import { renderWithProviders } from '../render';

const NODES: TreeNode[] = [
  {
    id: 1,
    label: '总部',
    children: [
      { id: 2, label: '研发部', children: [{ id: 4, label: '前端组' }] },
      { id: 3, label: '市场部' },
      { id: 5, label: '封存部', disabled: true },
    ],
  },
  { id: 6, label: '分公司' },
];

function Controlled({ onChange }: { onChange?: (ids: number[]) => void }) {
  const [checked, setChecked] = useState<number[]>([]);
  return (
    <TreeList
      nodes={NODES}
      selectable
      defaultExpanded="all"
      checked={checked}
      onCheckedChange={(ids) => {
        setChecked(ids);
        onChange?.(ids);
      }}
    />
  );
}

describe('TreeList', () => {
  it('starts collapsed and expands and collapses a branch', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TreeList nodes={NODES} />);
    expect(screen.queryByText('研发部')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '展开 总部' }));
    expect(await screen.findByText('研发部')).toBeVisible();
    expect(screen.getByRole('treeitem', { name: '总部' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: '收起 总部' }));
    await waitFor(() => expect(screen.queryByText('研发部')).not.toBeInTheDocument());
  });

  it('slides branches in 300 ms (docs/requirements/widgets.md#tree-list)', () => {
    expect(TREE_SLIDE_MS).toBe(300);
  });

  it('opens every branch with defaultExpanded="all"', () => {
    renderWithProviders(<TreeList nodes={NODES} defaultExpanded="all" />);
    expect(screen.getByText('前端组')).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: '前端组' })).toHaveAttribute('aria-level', '3');
  });

  it('indents children with a logical (RTL-safe) padding', () => {
    renderWithProviders(<TreeList nodes={NODES} defaultExpanded="all" />);
    const row = screen.getByText('前端组').parentElement!;
    expect(row.style.paddingInlineStart).toBe('40px');
    expect(row.style.paddingLeft).toBe('');
  });

  it('opens and closes branches with the arrow keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TreeList nodes={NODES} />);
    const row = screen.getByText('总部').parentElement!;
    row.focus();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByText('研发部')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(screen.queryByText('研发部')).not.toBeInTheDocument());
  });

  it('moves focus between rows with the up and down keys', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TreeList nodes={NODES} defaultExpanded="all" />);
    screen.getByText('总部').parentElement!.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByText('研发部').parentElement).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(screen.getByText('前端组').parentElement).toHaveFocus();
  });

  it('shows no check boxes unless selectable', () => {
    renderWithProviders(<TreeList nodes={NODES} defaultExpanded="all" />);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('checking a parent checks its enabled descendants', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: '总部' }));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 4, 3]);
    expect(screen.getByRole('checkbox', { name: '前端组' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '封存部' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: '封存部' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '总部' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('checking a child leaves the parent unchecked but indeterminate', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: '前端组' }));
    expect(onChange).toHaveBeenLastCalledWith([4]);
    const parent = screen.getByRole('checkbox', { name: '研发部' });
    expect(parent).not.toBeChecked();
    expect(parent).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: '总部' })).toHaveAttribute('data-indeterminate', 'true');
    expect(screen.getByRole('checkbox', { name: '分公司' })).not.toHaveAttribute('data-indeterminate');
  });

  it('keeps its own selection when uncontrolled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TreeList nodes={NODES} selectable />);
    await user.click(screen.getByRole('checkbox', { name: '分公司' }));
    expect(screen.getByRole('checkbox', { name: '分公司' })).toBeChecked();
  });

  it('pops a per-node menu that runs the action and closes on an outside click', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderWithProviders(
      <div>
        <p>外部</p>
        <TreeList
          nodes={NODES}
          actions={(node) =>
            node.id === 6
              ? []
              : [
                  { label: `编辑${node.label}`, onClick: onEdit },
                  { label: '删除', onClick: vi.fn(), color: 'red' },
                ]
          }
        />
      </div>,
    );
    expect(screen.queryByRole('button', { name: '操作 分公司' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '操作 总部' }));
    await user.click(await screen.findByRole('menuitem', { name: '编辑总部' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '操作 总部' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByText('外部'));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });
});

describe('toggleChecked', () => {
  it('adds without duplicates and removes a whole branch', () => {
    const root = NODES[0]!;
    expect(toggleChecked([1, 6], root, true)).toEqual([1, 6, 2, 4, 3]);
    expect(toggleChecked([1, 2, 4, 3, 6], root.children![0]!, false)).toEqual([1, 3, 6]);
  });
});
