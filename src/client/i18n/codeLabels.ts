import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CodeEntry } from '../../shared/codes';
import { i18n } from './i18n';

// Keyed by the code table's Chinese label; a test checks every table of src/shared/codes.ts is covered.
export const CODE_LABELS: Record<string, MessageDescriptor> = {
  启用: msg({ id: 'code.enabled', message: '启用' }),
  禁用: msg({ id: 'code.disabled', message: '禁用' }),
  未知: msg({ id: 'code.unknown', message: '未知' }),
  男: msg({ id: 'code.male', message: '男' }),
  女: msg({ id: 'code.female', message: '女' }),
  目录: msg({ id: 'code.directory', message: '目录' }),
  菜单: msg({ id: 'code.menu', message: '菜单' }),
  按钮: msg({ id: 'code.button', message: '按钮' }),
  待审核: msg({ id: 'code.pending', message: '待审核' }),
  已通过: msg({ id: 'code.passed', message: '已通过' }),
  未通过: msg({ id: 'code.failed', message: '未通过' }),
  超级管理员: msg({ id: 'code.super', message: '超级管理员' }),
  管理员: msg({ id: 'code.admin', message: '管理员' }),
  用户: msg({ id: 'code.user', message: '用户' }),
  访客: msg({ id: 'code.visitor', message: '访客' }),
};

/** A code's label in the active language; the table's English text for a code without an entry. */
export function codeText(entry: CodeEntry<number | string>): string {
  const descriptor = CODE_LABELS[entry.cn];
  return descriptor ? i18n._(descriptor) : entry.en;
}
