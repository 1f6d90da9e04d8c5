export { Pagination, type PaginationProps } from './Pagination';
export { clampPage, lastPage, pageWindow, MAX_PAGE_BUTTONS } from './pageWindow';
