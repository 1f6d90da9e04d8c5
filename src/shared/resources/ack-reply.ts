import type { Label } from './types';

/**
 * What the reply-link page of an escalation's SMS or e-mail says (src/server/notify/ack-page.ts,
 * docs/alarms.md "Acknowledge by replying"). The service renders it, reading the translations
 * from the catalogs; `{name}` is filled in by the page.
 */
export const ACK_REPLY_TEXT = {
  title: /*i18n*/ { id: 'ackReply.title', message: '报警确认' },
  type: /*i18n*/ { id: 'ackReply.type', message: '类型' },
  device: /*i18n*/ { id: 'ackReply.device', message: '设备' },
  time: /*i18n*/ { id: 'ackReply.time', message: '时间' },
  open: /*i18n*/ { id: 'ackReply.open', message: '尚无人接手此报警。' },
  button: /*i18n*/ { id: 'ackReply.button', message: '我来处理' },
  takenBy: /*i18n*/ { id: 'ackReply.takenBy', message: '已由 {name} 接手' },
  done: /*i18n*/ { id: 'ackReply.done', message: '您已接手此报警，各控制台已停止响铃。' },
  handled: /*i18n*/ { id: 'ackReply.handled', message: '该报警已处理完毕。' },
  invalid: /*i18n*/ { id: 'ackReply.invalid', message: '此链接无效。请在控制台中处理该报警。' },
  expired: /*i18n*/ { id: 'ackReply.expired', message: '此链接已过期。请在控制台中处理该报警。' },
  missing: /*i18n*/ { id: 'ackReply.missing', message: '找不到此报警。' },
} satisfies Record<string, Label>;

export type AckReplyKey = keyof typeof ACK_REPLY_TEXT;
