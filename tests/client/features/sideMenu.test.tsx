import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SideMenu } from '../../../src/client/features/shell/SideMenu';
import { dir, menu, sampleTree } from '../fixtures';
import { renderWithProviders } from '../render';

function link(name: string) {
  return screen.getByRole('link', { name });
}

describe('side menu', () => {
  it('renders directories, nested sub-menus and labels from the route registry', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SideMenu tree={sampleTree()} activePath="/x" onNavigate={vi.fn()} />);
    // Directory labels come from the scenario labels, leaves from the route labels.
    expect(screen.getByText('数据看板')).toBeInTheDocument();
    expect(screen.getByText('设备管理')).toBeInTheDocument();
    expect(link('报警列表')).toHaveAttribute('href', '/map/alarmList');
    // Closed directories keep their children out of the page.
    expect(screen.queryByRole('link', { name: '产品列表' })).toBeNull();

    // Sub-menus expand with a short transition.
    await user.click(screen.getByText('设备管理'));
    expect(await screen.findByRole('link', { name: '产品列表' })).toHaveAttribute('href', '/productList');
    await user.click(screen.getByText('组织权限'));
    expect(await screen.findByRole('link', { name: '用户管理' })).toHaveAttribute('href', '/userList');
    // Buttons are permissions, not menu entries.
    expect(screen.queryByText('user:add')).toBeNull();
  });

  it('opens the directory holding the active page and marks it active', () => {
    renderWithProviders(<SideMenu tree={sampleTree()} activePath="/userList" onNavigate={vi.fn()} />);
    expect(link('用户管理')).toHaveAttribute('data-active', 'true');
    expect(link('产品列表')).not.toHaveAttribute('data-active');
  });

  it('clicking an entry navigates to / + uri', async () => {
    const user = userEvent.setup();
    const onNavigate = vi.fn();
    renderWithProviders(<SideMenu tree={sampleTree()} activePath="/index" onNavigate={onNavigate} />);
    await user.click(link('报警列表'));
    expect(onNavigate).toHaveBeenCalledWith('/map/alarmList');
    await user.click(link('工地看板'));
    expect(onNavigate).toHaveBeenLastCalledWith('/index1');
  });

  it('falls back to the entry name for values outside the registry and hides empty directories', () => {
    const tree = [
      dir('custom', [menu('vendorPage', 'vendorPage', { name: '厂商页面' })], { name: '定制' }),
      dir('blank', []),
    ];
    renderWithProviders(<SideMenu tree={tree} activePath="/vendorPage" onNavigate={vi.fn()} />);
    const nav = screen.getByRole('navigation');
    expect(within(nav).getByText('定制')).toBeInTheDocument();
    expect(link('厂商页面')).toBeInTheDocument();
    expect(within(nav).queryByText('blank')).toBeNull();
  });

  it('says so when the tree is empty', () => {
    renderWithProviders(<SideMenu tree={[]} activePath="/" onNavigate={vi.fn()} />);
    expect(screen.getByTestId('menu-empty')).toHaveTextContent('暂无菜单');
  });
});
