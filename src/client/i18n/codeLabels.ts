import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ALARM_TYPES, ALARM_TYPE_NUMBERS } from '../../shared/alarms/types';
import type { CodeEntry } from '../../shared/codes';
import { ALARM_HANDLE_LABELS, ALARM_LEVEL_LABELS, ALARM_READ_LABELS } from '../features/alarms/alarmLabels';
import { ALARM_TYPE_LABELS } from '../features/realtime/alarmLabels';
import { i18n } from './i18n';

/** The alarm tables' labels are kept beside the alarm screens; the generic filters reach them here. */
const ALARM_CODE_LABELS: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(ALARM_TYPE_NUMBERS.map((n) => [ALARM_TYPES[n].cn, ALARM_TYPE_LABELS[n]])),
  提示: ALARM_LEVEL_LABELS[1]!,
  警告: ALARM_LEVEL_LABELS[2]!,
  紧急: ALARM_LEVEL_LABELS[3]!,
  未读: ALARM_READ_LABELS[0]!,
  已读: ALARM_READ_LABELS[1]!,
  未处理: ALARM_HANDLE_LABELS[0]!,
  已处理: ALARM_HANDLE_LABELS[1]!,
  误报: ALARM_HANDLE_LABELS[2]!,
};

// Keyed by the code table's Chinese label; a test checks every code table of src/shared/codes.ts
// and of the resource registry is covered.
export const CODE_LABELS: Record<string, MessageDescriptor> = {
  ...ALARM_CODE_LABELS,
  重点围栏: msg({ id: 'code.fence.key', message: '重点围栏' }),
  电子围栏: msg({ id: 'code.fence.electronic', message: '电子围栏' }),
  圆形: msg({ id: 'code.fence.circle', message: '圆形' }),
  多边形: msg({ id: 'code.fence.polygon', message: '多边形' }),
  普通图纸: msg({ id: 'code.drawing.normal', message: '普通图纸' }),
  UWB图纸: msg({ id: 'code.drawing.uwb', message: 'UWB图纸' }),
  默认: msg({ id: 'code.default', message: '默认' }),
  正常: msg({ id: 'code.normal', message: '正常' }),
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
  在线: msg({ id: 'code.online', message: '在线' }),
  离线: msg({ id: 'code.offline', message: '离线' }),
  未激活: msg({ id: 'code.inactive', message: '未激活' }),
  异常: msg({ id: 'code.abnormal', message: '异常' }),
  待入库: msg({ id: 'code.pendingIn', message: '待入库' }),
  已入库: msg({ id: 'code.inStock', message: '已入库' }),
  已分配未绑定: msg({ id: 'code.assigned', message: '已分配未绑定' }),
  已解绑: msg({ id: 'code.unbound', message: '已解绑' }),
  已回收: msg({ id: 'code.recycled', message: '已回收' }),
  已绑定: msg({ id: 'code.bound', message: '已绑定' }),
  未发送: msg({ id: 'code.notSent', message: '未发送' }),
  发送成功: msg({ id: 'code.sent', message: '发送成功' }),
  发送失败: msg({ id: 'code.sendFailed', message: '发送失败' }),
  排队中: msg({ id: 'code.job.queued', message: '排队中' }),
  新增: msg({ id: 'code.audit.add', message: '新增' }),
  已限流: msg({ id: 'code.signIn.throttled', message: '已限流' }),
  普通: msg({ id: 'code.notice.normal', message: '普通' }),
  已删除: msg({ id: 'code.deleted', message: '已删除' }),
  重要: msg({ id: 'code.notice.important', message: '重要' }),
  蓝色科技: msg({ id: 'code.theme.blue', message: '蓝色科技' }),
  白色校园: msg({ id: 'code.theme.white', message: '白色校园' }),
  密码登录: msg({ id: 'code.signIn.password', message: '密码登录' }),
  短信登录: msg({ id: 'code.signIn.sms', message: '短信登录' }),
  发送验证码: msg({ id: 'code.signIn.smsSend', message: '发送验证码' }),
  修改: msg({ id: 'code.audit.update', message: '修改' }),
  删除: msg({ id: 'code.audit.delete', message: '删除' }),
  进行中: msg({ id: 'code.job.running', message: '进行中' }),
  已完成: msg({ id: 'code.job.done', message: '已完成' }),
  失败: msg({ id: 'code.job.failed', message: '失败' }),
  超时: msg({ id: 'code.job.timedOut', message: '超时' }),
  '4G': msg({ id: 'code.net4g', message: '4G' }),
  'NB-IoT': msg({ id: 'code.netNb', message: 'NB-IoT' }),
  JSON: msg({ id: 'code.json', message: 'JSON' }),
  紧凑二进制: msg({ id: 'code.cbor', message: '紧凑二进制' }),
  有市电: msg({ id: 'code.mainsOn', message: '有市电' }),
  无市电: msg({ id: 'code.mainsOff', message: '无市电' }),
  是: msg({ id: 'code.yes', message: '是' }),
  否: msg({ id: 'code.no', message: '否' }),
  入库: msg({ id: 'code.stockIn', message: '入库' }),
  分配: msg({ id: 'code.allocate', message: '分配' }),
  绑定: msg({ id: 'code.bind', message: '绑定' }),
  解绑: msg({ id: 'code.unbind', message: '解绑' }),
  回收: msg({ id: 'code.recycle', message: '回收' }),
  智能安全帽: msg({ id: 'code.kind.helmet', message: '智能安全帽' }),
  手环: msg({ id: 'code.kind.wristband', message: '手环' }),
  手表: msg({ id: 'code.kind.watch', message: '手表' }),
  脚环: msg({ id: 'code.kind.ankle', message: '脚环' }),
  定位器: msg({ id: 'code.kind.locator', message: '定位器' }),
  烟感: msg({ id: 'code.kind.smoke', message: '烟感' }),
  手动报警按钮: msg({ id: 'code.kind.fireButton', message: '手动报警按钮' }),
  燃气探测器: msg({ id: 'code.kind.gas', message: '燃气探测器' }),
  水压传感器: msg({ id: 'code.kind.waterPressure', message: '水压传感器' }),
  智能断路器: msg({ id: 'code.kind.breaker', message: '智能断路器' }),
  门口机: msg({ id: 'code.kind.doorUnit', message: '门口机' }),
  UWB标签: msg({ id: 'code.kind.uwbTag', message: 'UWB标签' }),
};

/** A code's label in the active language; the table's English text for a code without an entry. */
export function codeText(entry: CodeEntry<number | string>): string {
  const descriptor = CODE_LABELS[entry.cn];
  return descriptor ? i18n._(descriptor) : entry.en;
}
