import { readFileSync } from 'node:fs';
import { alarmTypeInfo } from '../../shared/alarms/types';
import type { AlarmRecord } from '../../shared/alarms/push';
import { isRtl, LANG_TAGS, LANGS, SOURCE_LANG, type Lang } from '../../shared/i18n';
import { ACK_REPLY_TEXT, type AckReplyKey } from '../../shared/resources/ack-reply';

const catalogs = new Map<Lang, Map<string, string>>();

/** The msgid → msgstr pairs of a Lingui PO catalog (locales/<lang>/messages.po); empty if it cannot be read. */
export function readPoCatalog(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let id: string | undefined;
  let str: string | undefined;
  let field: 'id' | 'str' | undefined;
  const flush = () => {
    if (id && str) out.set(id, str);
    id = str = field = undefined;
  };
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('msgid ')) {
      flush();
      id = unquote(line.slice(6));
      field = 'id';
    } else if (line.startsWith('msgstr ')) {
      str = unquote(line.slice(7));
      field = 'str';
    } else if (line.startsWith('"') && field === 'id') id += unquote(line);
    else if (line.startsWith('"') && field === 'str') str += unquote(line);
    else if (line === '') flush();
  }
  flush();
  return out;
}

function catalog(lang: Lang): Map<string, string> {
  let c = catalogs.get(lang);
  if (!c) {
    try {
      c = readPoCatalog(readFileSync(new URL(`../../../locales/${lang}/messages.po`, import.meta.url), 'utf8'));
    } catch {
      c = new Map();
    }
    catalogs.set(lang, c);
  }
  return c;
}

/** A catalog message by id in `lang`, else the source text; `{name}` placeholders filled from `values`. */
function tr(lang: Lang, id: string, source: string, values: Record<string, string> = {}): string {
  const text = (lang === SOURCE_LANG ? undefined : catalog(lang).get(id)) || source;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

const say = (lang: Lang, key: AckReplyKey, values?: Record<string, string>) =>
  tr(lang, ACK_REPLY_TEXT[key].id, ACK_REPLY_TEXT[key].message, values);

/** The reader's language from Accept-Language (zh is the console's cn), else the source language. */
export function langOf(acceptLanguage: string | undefined): Lang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
    const lang = tag === 'zh' ? 'cn' : tag;
    if ((LANGS as readonly string[]).includes(lang)) return lang as Lang;
  }
  return SOURCE_LANG;
}

const esc = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&#39;', '"': '&quot;' })[c]!);

/** What the page says: the alarm (when the link is good), a line of state, and whether the button shows. */
export interface AckPage {
  lang: Lang;
  timeZone: string;
  alarm?: AlarmRecord;
  state: 'open' | 'done' | 'taken' | 'handled' | 'invalid' | 'expired' | 'missing';
}

/** The reply link's page: plain HTML and CSS, no script; its one button posts back to the same address. */
export function renderAckPage(p: AckPage): string {
  const { lang, alarm } = p;
  const rows: string[] = [];
  if (alarm) {
    const info = alarmTypeInfo(alarm.type);
    const type = info ? tr(lang, `alarmType.${info.key}`, lang === 'cn' ? info.cn : info.en) : alarm.title;
    const time = new Intl.DateTimeFormat(LANG_TAGS[lang], {
      timeZone: p.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(alarm.createdAt));
    const device = [alarm.deviceName, alarm.personName, alarm.imei].filter(Boolean).join(' · ');
    rows.push(
      `<tr><th>${esc(say(lang, 'type'))}</th><td>${esc(type)}</td></tr>`,
      `<tr><th>${esc(say(lang, 'device'))}</th><td>${esc(device)}</td></tr>`,
      `<tr><th>${esc(say(lang, 'time'))}</th><td>${esc(time)}</td></tr>`,
    );
  }
  const line = p.state === 'taken' ? say(lang, 'takenBy', { name: alarm?.ackedByName ?? '' }) : say(lang, p.state);
  const button =
    p.state === 'open' ? `<form method="post"><button type="submit">${esc(say(lang, 'button'))}</button></form>` : '';
  return `<!doctype html>
<html lang="${LANG_TAGS[lang]}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(say(lang, 'title'))}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; padding: 24px 16px; background: #f4f5f7; color: #1a1b1e; }
main { max-width: 420px; margin: 0 auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 1px 4px #0002; }
h1 { font-size: 20px; margin: 0 0 12px; }
table { border-collapse: collapse; width: 100%; margin-bottom: 12px; }
th { text-align: start; color: #666; font-weight: normal; padding: 4px 12px 4px 0; white-space: nowrap; vertical-align: top; }
td { padding: 4px 0; }
p { font-size: 16px; }
button { width: 100%; font-size: 18px; padding: 14px; border: 0; border-radius: 8px; background: #e03131; color: #fff; }
</style>
</head>
<body><main>
<h1>${esc(say(lang, 'title'))}</h1>
${rows.length ? `<table>${rows.join('')}</table>` : ''}
<p data-state="${p.state}">${esc(line)}</p>
${button}
</main></body>
</html>`;
}
