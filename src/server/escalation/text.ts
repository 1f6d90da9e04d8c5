import { alarmTypeInfo } from '../../shared/alarms/types';
import type { AlarmRecord } from '../../shared/alarms/push';
import { wallClockTime } from '../../shared/wall-clock';

export type NotifyLang = 'cn' | 'en';

/**
 * What an escalation says about an alarm: an SMS, an e-mail and the words a voice call speaks. With
 * `link` (the recipient's reply link, notify/ack-link.ts) the SMS and the e-mail offer to take the alarm.
 */
export function alarmText(
  alarm: AlarmRecord,
  step: number,
  lang: NotifyLang,
  timeZone: string,
  link?: string,
  /** The `nearest` target: how far the person told was from the alarm, metres. */
  distanceM?: number,
): { short: string; subject: string; long: string; spoken: string } {
  const info = alarmTypeInfo(alarm.type);
  const who = alarm.personName || alarm.deviceName || alarm.imei;
  const where = alarm.location ?? '';
  const time = wallClockTime(new Date(alarm.createdAt), timeZone);
  if (lang === 'en') {
    const what = info?.en ?? alarm.title;
    const away = distanceM === undefined ? '' : ` You are about ${distanceM} m away.`;
    const short = `[Safety Console] ${what}: ${who}${where ? `, ${where}` : ''}, raised at ${time}, not acknowledged yet (escalation step ${step + 1}).${away}`;
    return {
      short: link ? `${short} I'm on it: ${link}` : short,
      subject: `${what} not acknowledged: ${who}`,
      long: `${short}\n\nDevice: ${alarm.deviceName ?? ''} (${alarm.imei})\nPhone: ${alarm.personPhone ?? ''}\nAlarm id: ${alarm.id}${link ? `\n\nTo take this alarm (I'm on it), open: ${link}\nThe link works for 24 hours.` : ''}`,
      spoken: `${what} alarm. ${who}. ${where}. Raised at ${time} and not acknowledged yet.${away}`,
    };
  }
  const what = info?.cn ?? alarm.title;
  const away = distanceM === undefined ? '' : `您距离约 ${distanceM} 米。`;
  const short = `【安全控制台】${what}：${who}${where ? `，${where}` : ''}，${time} 报警，尚无人确认（第${step + 1}步升级）。${away}`;
  return {
    short: link ? `${short}我来处理：${link}` : short,
    subject: `${what}尚未确认：${who}`,
    long: `${short}\n\n设备：${alarm.deviceName ?? ''}（${alarm.imei}）\n电话：${alarm.personPhone ?? ''}\n报警编号：${alarm.id}${link ? `\n\n接手此报警（我来处理）请打开：${link}\n链接 24 小时内有效。` : ''}`,
    spoken: `${what}。${who}。${where}。${time} 报警，尚无人确认。${away}`,
  };
}
