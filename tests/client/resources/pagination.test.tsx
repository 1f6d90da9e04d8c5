import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Pagination, clampPage, lastPage, pageWindow } from '../../../src/client/components/Pagination';
import { renderWithProviders } from '../render';

describe('pageWindow', () => {
  it('shows every page when there are at most five', () => {
    expect(pageWindow(1, 3)).toEqual({ pages: [1, 2, 3], before: false, after: false });
    expect(pageWindow(5, 5)).toEqual({ pages: [1, 2, 3, 4, 5], before: false, after: false });
  });

  it('keeps five buttons centred on the current page with ellipses on the hidden side', () => {
    expect(pageWindow(1, 20)).toEqual({ pages: [1, 2, 3, 4, 5], before: false, after: true });
    expect(pageWindow(10, 20)).toEqual({ pages: [8, 9, 10, 11, 12], before: true, after: true });
    expect(pageWindow(20, 20)).toEqual({ pages: [16, 17, 18, 19, 20], before: true, after: false });
    expect(pageWindow(19, 20).pages).toEqual([16, 17, 18, 19, 20]);
  });

  it('never returns more than five buttons', () => {
    for (let current = 1; current <= 50; current++) expect(pageWindow(current, 50).pages.length).toBe(5);
  });

  it('lastPage is at least 1', () => {
    expect(lastPage(0, 20)).toBe(1);
    expect(lastPage(41, 20)).toBe(3);
  });
});

describe('clampPage', () => {
  it('strips non-digits', () => {
    expect(clampPage('1a2', 50)).toBe(12);
    expect(clampPage(' 3页', 50)).toBe(3);
  });
  it('empty or below 1 becomes 1', () => {
    expect(clampPage('', 9)).toBe(1);
    expect(clampPage('0', 9)).toBe(1);
    expect(clampPage('-4', 9)).toBe(4);
    expect(clampPage('abc', 9)).toBe(1);
  });
  it('above the last page becomes the last page', () => {
    expect(clampPage('999', 9)).toBe(9);
  });
});

describe('<Pagination>', () => {
  it('renders the total, five page buttons, ellipses and first/last', () => {
    const onPageChange = vi.fn();
    renderWithProviders(
      <Pagination page={6} size={10} total={200} onPageChange={onPageChange} onSizeChange={() => undefined} />,
    );
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('共 200 条');
    const pages = screen.getAllByTestId('pagination-page').map((b) => b.textContent);
    expect(pages).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getAllByTestId('pagination-ellipsis')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: '尾页' }));
    expect(onPageChange).toHaveBeenLastCalledWith(20);
    fireEvent.click(screen.getByRole('button', { name: '首页' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.click(within(screen.getByTestId('pagination')).getByText('8'));
    expect(onPageChange).toHaveBeenLastCalledWith(8);
  });

  it('the page input strips non-digits and clamps on Enter', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pagination page={1} size={10} total={95} onPageChange={onPageChange} />);
    const input = screen.getByRole('textbox', { name: '跳转页码' });
    fireEvent.change(input, { target: { value: '7x' } });
    expect(input).toHaveValue('7');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPageChange).toHaveBeenLastCalledWith(7);
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    expect(input).toHaveValue('10');
  });

  it('an empty input goes back to page 1', () => {
    const onPageChange = vi.fn();
    renderWithProviders(<Pagination page={3} size={10} total={95} onPageChange={onPageChange} />);
    const input = screen.getByRole('textbox', { name: '跳转页码' });
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('shows the no-paging-data text when total is 0', () => {
    renderWithProviders(<Pagination page={1} size={10} total={0} onPageChange={() => undefined} />);
    expect(screen.getByTestId('pagination-empty')).toHaveTextContent('暂无分页数据');
    expect(screen.queryByTestId('pagination-page')).toBeNull();
  });
});

describe('<Pagination capped>', () => {
  it('reads "N+" when more rows match than the service counted', () => {
    renderWithProviders(<Pagination page={1} size={20} total={10000} capped onPageChange={() => undefined} />);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('共 10,000+ 条');
  });
});
