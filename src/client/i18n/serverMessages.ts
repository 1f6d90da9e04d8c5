import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isMsgKey, type MsgKey } from '../../shared/messages';
import { i18n } from './i18n';

// Typed by MsgKey, so a key added to src/shared/messages.ts without an entry here fails typecheck.
const SERVER_MESSAGES: Record<MsgKey, MessageDescriptor> = {
  ok: msg({ id: 'server.ok', message: '操作成功' }),
  required: msg({ id: 'server.required', message: '此项为必填项' }),
  invalidInput: msg({ id: 'server.invalidInput', message: '输入无效' }),
  accountRequired: msg({ id: 'server.accountRequired', message: '账号不能为空' }),
  passwordRequired: msg({ id: 'server.passwordRequired', message: '密码不能为空' }),
  phoneRequired: msg({ id: 'server.phoneRequired', message: '手机号不能为空' }),
  codeRequired: msg({ id: 'server.codeRequired', message: '验证码不能为空' }),
  phoneInvalid: msg({ id: 'server.phoneInvalid', message: '手机号须为11位数字，以1开头，第二位为3至9' }),
  passwordLength: msg({ id: 'server.passwordLength', message: '密码长度须为6至64个字符' }),
  badCredentials: msg({ id: 'server.badCredentials', message: '账号或密码错误' }),
  accountDisabled: msg({ id: 'server.accountDisabled', message: '该账号已被禁用' }),
  tenantDisabled: msg({ id: 'server.tenantDisabled', message: '该公司已被禁用' }),
  tooManyAttempts: msg({ id: 'server.tooManyAttempts', message: '尝试次数过多，请稍后再试' }),
  smsTooSoon: msg({ id: 'server.smsTooSoon', message: '验证码发送过于频繁，请60秒后再试' }),
  smsSent: msg({ id: 'server.smsSent', message: '发送成功' }),
  smsInvalid: msg({ id: 'server.smsInvalid', message: '验证码错误或已过期' }),
  smsNoAccount: msg({ id: 'server.smsNoAccount', message: '该手机号未绑定任何账号' }),
  mediaToken: msg({ id: 'server.mediaToken', message: '通话凭证无效或已过期' }),
  mediaRoomFull: msg({ id: 'server.mediaRoomFull', message: '房间人数已满' }),
  mediaNoPublisher: msg({ id: 'server.mediaNoPublisher', message: '对方没有推送音视频' }),
  mediaNoSession: msg({ id: 'server.mediaNoSession', message: '该媒体会话已结束' }),
  mediaBadSdp: msg({ id: 'server.mediaBadSdp', message: '媒体描述无效' }),
  mediaExternal: msg({ id: 'server.mediaExternal', message: '本服务的音视频由声网承载，不经过本服务' }),
  visitorUnavailable: msg({ id: 'server.visitorUnavailable', message: '访客登录暂不可用' }),
  sessionExpired: msg({ id: 'server.sessionExpired', message: '登录已过期，请重新登录' }),
  noPermission: msg({ id: 'server.noPermission', message: '暂无查看权限' }),
  readOnlyVisitor: msg({ id: 'server.readOnlyVisitor', message: '访客不能修改数据' }),
  oldPasswordWrong: msg({ id: 'server.oldPasswordWrong', message: '原密码错误' }),
  passwordChanged: msg({ id: 'server.passwordChanged', message: '密码已修改，请重新登录' }),
  ticketInvalid: msg({ id: 'server.ticketInvalid', message: '链接无效或已过期' }),
  notFound: msg({ id: 'server.notFound', message: '未找到相关数据' }),
  roleHasUsers: msg({ id: 'server.roleHasUsers', message: '请先解除该角色下的所有用户，再删除角色' }),
  resourceHasRoles: msg({ id: 'server.resourceHasRoles', message: '请先将该资源从所有角色中移除，再删除资源' }),
  noNavigation: msg({ id: 'server.noNavigation', message: '暂未分配导航栏数据' }),
  internal: msg({ id: 'server.internal', message: '服务异常，请重试' }),
  tooShort: msg({ id: 'server.tooShort', message: '内容太短' }),
  tooLong: msg({ id: 'server.tooLong', message: '内容太长' }),
  tooSmall: msg({ id: 'server.tooSmall', message: '数值太小' }),
  tooLarge: msg({ id: 'server.tooLarge', message: '数值太大' }),
  emailInvalid: msg({ id: 'server.emailInvalid', message: '邮箱格式不正确' }),
  integerInvalid: msg({ id: 'server.integerInvalid', message: '请输入整数' }),
  decimalInvalid: msg({ id: 'server.decimalInvalid', message: '最多保留两位小数' }),
  dateInvalid: msg({ id: 'server.dateInvalid', message: '日期格式不正确' }),
  dateOutOfRange: msg({ id: 'server.dateOutOfRange', message: '日期须在2000年至2100年之间' }),
  rangeInvalid: msg({ id: 'server.rangeInvalid', message: '结束时间须晚于开始时间' }),
  textInvalid: msg({ id: 'server.textInvalid', message: '文本不能包含空字符或不成对的代理字符' }),
  quotaExceeded: msg({ id: 'server.quotaExceeded', message: '本单位的上传空间已满' }),
  jobQueued: msg({ id: 'server.jobQueued', message: '任务已在后台运行，完成后可在下载任务中下载' }),
  jobFailed: msg({ id: 'server.jobFailed', message: '任务失败' }),
  jobTimedOut: msg({ id: 'server.jobTimedOut', message: '任务超时，已停止' }),
  jobNotReady: msg({ id: 'server.jobNotReady', message: '文件尚未生成或已过期' }),
  importQueued: msg({ id: 'server.importQueued', message: '导入已在后台运行，完成后显示结果，也可在下载任务中查看' }),
  importHeaders: msg({ id: 'server.importHeaders', message: '没有与本列表字段匹配的表头，请以导出的文件为模板' }),
  importTooManyRows: msg({ id: 'server.importTooManyRows', message: '文件行数超过单次导入上限（5000 行）' }),
  importFileGone: msg({ id: 'server.importFileGone', message: '上传的文件已不存在，请重新上传' }),
  downloadExpired: msg({ id: 'server.downloadExpired', message: '下载链接已过期，请在下载任务中重新获取' }),
  mustChooseOne: msg({ id: 'server.mustChooseOne', message: '必须选择一项' }),
  duplicateValues: msg({ id: 'server.duplicateValues', message: '不能有重复的值' }),
  nothingSelected: msg({ id: 'server.nothingSelected', message: '未选择任何数据' }),
  duplicateName: msg({ id: 'server.duplicateName', message: '名称已被使用' }),
  noSuchTransition: msg({ id: 'server.noSuchTransition', message: '没有这样的状态转换' }),
  importDone: msg({ id: 'server.importDone', message: '导入完成' }),
  fileFormat: msg({ id: 'server.fileFormat', message: '文件格式错误' }),
  fileTooLarge: msg({ id: 'server.fileTooLarge', message: '文件太大' }),
  sortInvalid: msg({ id: 'server.sortInvalid', message: '该列不能排序' }),
  filterInvalid: msg({ id: 'server.filterInvalid', message: '该列不支持此筛选方式' }),
  refInvalid: msg({ id: 'server.refInvalid', message: '引用的数据在本企业中不存在' }),
  departmentNotEmpty: msg({ id: 'server.departmentNotEmpty', message: '请先移出该部门的用户和下级部门，再删除部门' }),
  tenantHasUsers: msg({ id: 'server.tenantHasUsers', message: '请先删除该企业的所有用户，再删除企业' }),
  notOnSelf: msg({ id: 'server.notOnSelf', message: '不能删除或禁用自己的账号' }),
  lastSuper: msg({ id: 'server.lastSuper', message: '不能取消最后一位超级管理员' }),
  resourceNotHeld: msg({ id: 'server.resourceNotHeld', message: '只能分配自己拥有的资源' }),
  applicationPending: msg({ id: 'server.applicationPending', message: '已有申请正在等待审核' }),
  imeiInvalid: msg({ id: 'server.imeiInvalid', message: 'IMEI须为6到20位字母或数字' }),
  imeiTaken: msg({ id: 'server.imeiTaken', message: '该IMEI的设备已存在' }),
  deviceOffline: msg({ id: 'server.deviceOffline', message: '设备离线' }),
  deviceLocked: msg({ id: 'server.deviceLocked', message: '断路器已锁定，请先解锁再分闸或合闸' }),
  gatewayOffline: msg({ id: 'server.gatewayOffline', message: '设备所在的网关离线，无法连接该设备' }),
  noCommand: msg({ id: 'server.noCommand', message: '无可用指令' }),
  commandSent: msg({ id: 'server.commandSent', message: '发送成功' }),
  lowAboveHigh: msg({ id: 'server.lowAboveHigh', message: '下限不能高于上限' }),
  deviceHasData: msg({ id: 'server.deviceHasData', message: '该设备已有数据，请回收而不是删除' }),
  groupNotEmpty: msg({ id: 'server.groupNotEmpty', message: '请先将设备移出该分组再删除' }),
  productInUse: msg({ id: 'server.productInUse', message: '仍有设备使用该产品或分类' }),
  applicationReviewed: msg({ id: 'server.applicationReviewed', message: '该申请已审核' }),
  fenceNameRequired: msg({ id: 'server.fenceNameRequired', message: '围栏名称不能为空' }),
  lonInvalid: msg({ id: 'server.lonInvalid', message: '经度须在-180至180之间' }),
  latInvalid: msg({ id: 'server.latInvalid', message: '纬度须在-90至90之间' }),
  polygonTooFewPoints: msg({ id: 'server.polygonTooFewPoints', message: '多边形至少需要3个不同的点' }),
  polygonSelfIntersects: msg({ id: 'server.polygonSelfIntersects', message: '多边形的边不能相交' }),
  ttsUnavailable: msg({ id: 'server.ttsUnavailable', message: '本服务器无法生成语音试听；设备仍会自行播报文本' }),
};

/** The descriptor of a service message key, for callers that render with <Trans>/t themselves. */
export function serverMessageDescriptor(key: string | undefined): MessageDescriptor | undefined {
  return isMsgKey(key) ? SERVER_MESSAGES[key] : undefined;
}

/**
 * Text of a service answer in the active language: the console's own translation of the
 * envelope's `key`, or `fallback` (usually the envelope's English `msg`) for keys it does not know.
 */
export function serverMessage(key: string | undefined, fallback: string): string {
  const descriptor = serverMessageDescriptor(key);
  return descriptor ? i18n._(descriptor) : fallback;
}
