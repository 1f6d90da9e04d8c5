import type { CodeEntry } from '../codes';

/**
 * docs/requirements/states-and-codes.md: approval of videos and photos (0 under review, 1
 * approved, 2 rejected, 3 hidden, 4 reported). Publishing and pinning are flags of their own.
 */
export const REVIEW_STATE_TABLE: readonly CodeEntry<number>[] = [
  { value: 0, cn: '审核中', en: 'Under review' },
  { value: 1, cn: '已通过', en: 'Approved' },
  { value: 2, cn: '未通过', en: 'Rejected' },
  { value: 3, cn: '已隐藏', en: 'Hidden' },
  { value: 4, cn: '被举报', en: 'Reported' },
];
