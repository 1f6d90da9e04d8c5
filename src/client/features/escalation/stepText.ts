import { useLingui } from '@lingui/react/macro';
import { useLingui as useI18n } from '@lingui/react';
import escalationStepDef from '../../../entities/escalation-step/resource';
import { LANG_TAGS } from '../../../shared/i18n';
import { useLang } from '../../i18n/useLang';
import type { RefLabels } from '../resources/display';
import { CHANNEL_FIELD, stepChannels, type ChainLink } from './chain';

const EMAIL = /@/;

/**
 * How the chain reads (docs/alarms.md#acknowledgement-and-escalation): "15 秒 → 再次响铃（控制台）",
 * "45 秒 → 值班人员（控制台）+ 紧急联系人（短信）". `labels` names the users and roles steps point at.
 */
export function useStepText(labels: RefLabels) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const lang = useLang();
  const list = new Intl.ListFormat(LANG_TAGS[lang], { type: 'conjunction' });
  const channelLabel = Object.fromEntries(
    Object.values(CHANNEL_FIELD).map((name) => [
      name,
      i18n._(escalationStepDef.fields.find((f) => f.name === name)!.label),
    ]),
  ) as Record<string, string>;

  const who = (step: Record<string, unknown>): string => {
    const user = labels.get('user')?.get(Number(step.userId)) ?? String(step.userId ?? '');
    const role = labels.get('role')?.get(Number(step.roleId)) ?? String(step.roleId ?? '');
    const address = String(step.address ?? '');
    switch (step.target) {
      case 'repeat':
        return t`再次响铃`;
      case 'operators':
        return t`全部值守人员`;
      case 'onDuty':
        return t`值班人员`;
      case 'nearest': {
        const count = Number(step.nearestCount ?? 3);
        const meters = Number(step.nearestMeters ?? 2000);
        return t`最近的 ${count} 名值班人员（${meters} 米内）`;
      }
      case 'contacts':
        return t`紧急联系人`;
      case 'user':
        return t`用户 ${user}`;
      case 'role':
        return t`角色 ${role}`;
      case 'address':
        return EMAIL.test(address) ? t`邮箱 ${address}` : t`号码 ${address}`;
      default:
        return String(step.target ?? '');
    }
  };

  const step = (s: Record<string, unknown>): string => {
    const target = who(s);
    const channels = list.format(stepChannels(s).map((c) => channelLabel[CHANNEL_FIELD[c]]!));
    return t`${target}（${channels}）`;
  };
  const delay = (seconds: number): string => t`${seconds} 秒`;
  const link = (l: ChainLink): string => `${delay(l.delaySeconds)} → ${l.steps.map(step).join(' + ')}`;
  return { step, delay, link };
}
