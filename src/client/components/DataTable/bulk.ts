import { t } from '@lingui/core/macro';
import { toast } from '../../lib/request';

/** The nothing-selected tip of a bulk action (docs/requirements/widgets.md#data-table, key index.nhmyxz). */
function nothingSelectedText(): string {
  return t({ id: 'index.nhmyxz', message: '您还没有选择任何数据' });
}

/** Runs a bulk action on the selection, or shows the nothing-selected toast and answers false. */
export function requireSelection<K>(selected: readonly K[], run: (keys: K[]) => void): boolean {
  if (selected.length === 0) {
    toast('tip', nothingSelectedText(), 'nothing-selected');
    return false;
  }
  run([...selected]);
  return true;
}
