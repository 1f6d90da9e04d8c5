export { Pagination } from './Pagination';
export { clampPage, lastPage, pageWindow } from './pageWindow';
