import { LANG_TAGS, SOURCE_LANG, isLang, type Lang } from '../src/shared/i18n';

/**
 * The words of the phone's notifications (docs/alarms.md "Push to phones"). The service worker has
 * no Lingui runtime and must not fetch a catalog to show an alarm (the phone may be offline by the
 * time the user taps it), so its few labels live here, one set per language of src/shared/i18n.ts.
 */
export interface PushLabels {
  ack: string;
  open: string;
  away: (metres: number) => string;
  doorCall: string;
  doorCallBody: (place: string) => string;
  genericTitle: string;
  genericBody: string;
  acked: string;
  taken: string;
  invalid: string;
  queued: string;
}

const LABELS: Record<Lang, PushLabels> = {
  cn: {
    ack: '我来处理',
    open: '打开',
    away: (m) => `距离 ${m} 米`,
    doorCall: '门口机呼叫',
    doorCallBody: (place) => `${place} 的门口机正在呼叫`,
    genericTitle: '安全物联控制台',
    genericBody: '有新的通知，请打开控制台查看',
    acked: '已确认，由您处理',
    taken: '已由他人接手或已处理',
    invalid: '确认链接已失效，请打开控制台处理',
    queued: '暂无网络，联网后自动确认',
  },
  en: {
    ack: 'Acknowledge',
    open: 'Open',
    away: (m) => `${m} m away`,
    doorCall: 'Door unit calling',
    doorCallBody: (place) => `The door unit at ${place} is calling`,
    genericTitle: 'Safety console',
    genericBody: 'New notification: open the console',
    acked: 'Acknowledged: it is yours',
    taken: 'Already taken by someone else or handled',
    invalid: 'The acknowledge link is no longer valid: open the console',
    queued: 'No network: will acknowledge when back online',
  },
  es: {
    ack: 'Atender',
    open: 'Abrir',
    away: (m) => `a ${m} m`,
    doorCall: 'Llamada del portero',
    doorCallBody: (place) => `El portero de ${place} está llamando`,
    genericTitle: 'Consola de seguridad',
    genericBody: 'Nueva notificación: abra la consola',
    acked: 'Confirmada: la atiende usted',
    taken: 'Ya la atiende otra persona o está resuelta',
    invalid: 'El enlace de confirmación ya no es válido: abra la consola',
    queued: 'Sin red: se confirmará al volver la conexión',
  },
  fr: {
    ack: 'Prendre en charge',
    open: 'Ouvrir',
    away: (m) => `à ${m} m`,
    doorCall: 'Appel du portier',
    doorCallBody: (place) => `Le portier de ${place} appelle`,
    genericTitle: 'Console de sécurité',
    genericBody: 'Nouvelle notification : ouvrez la console',
    acked: 'Confirmée : vous la prenez en charge',
    taken: 'Déjà prise en charge ou traitée',
    invalid: 'Le lien de confirmation n’est plus valide : ouvrez la console',
    queued: 'Pas de réseau : confirmation dès le retour de la connexion',
  },
  de: {
    ack: 'Übernehmen',
    open: 'Öffnen',
    away: (m) => `${m} m entfernt`,
    doorCall: 'Türstation ruft',
    doorCallBody: (place) => `Die Türstation ${place} ruft`,
    genericTitle: 'Sicherheitskonsole',
    genericBody: 'Neue Benachrichtigung: Konsole öffnen',
    acked: 'Bestätigt: Sie übernehmen',
    taken: 'Bereits übernommen oder erledigt',
    invalid: 'Der Bestätigungslink ist nicht mehr gültig: Konsole öffnen',
    queued: 'Kein Netz: wird bestätigt, sobald wieder online',
  },
  ru: {
    ack: 'Беру',
    open: 'Открыть',
    away: (m) => `в ${m} м`,
    doorCall: 'Вызов с домофона',
    doorCallBody: (place) => `Вызывает домофон: ${place}`,
    genericTitle: 'Консоль безопасности',
    genericBody: 'Новое уведомление: откройте консоль',
    acked: 'Подтверждено: тревога за вами',
    taken: 'Уже взята другим или обработана',
    invalid: 'Ссылка подтверждения недействительна: откройте консоль',
    queued: 'Нет сети: подтвердим, когда связь вернётся',
  },
  ar: {
    ack: 'سأتولى الأمر',
    open: 'فتح',
    away: (m) => `على بعد ${m} م`,
    doorCall: 'اتصال من وحدة الباب',
    doorCallBody: (place) => `وحدة الباب في ${place} تتصل`,
    genericTitle: 'وحدة التحكم بالسلامة',
    genericBody: 'إشعار جديد: افتح وحدة التحكم',
    acked: 'تم التأكيد: الإنذار لك',
    taken: 'تولاه شخص آخر أو عولج',
    invalid: 'رابط التأكيد لم يعد صالحًا: افتح وحدة التحكم',
    queued: 'لا توجد شبكة: سيتم التأكيد عند عودة الاتصال',
  },
};

/** The labels of `lang` (the console's language code), Chinese for anything else, as the console. */
export function pushLabels(lang: unknown): { lang: Lang; tag: string; labels: PushLabels } {
  const l = isLang(lang) ? lang : SOURCE_LANG;
  return { lang: l, tag: LANG_TAGS[l], labels: LABELS[l] };
}
