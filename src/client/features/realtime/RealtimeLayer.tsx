import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { PUSH_CODE, type AlarmRecord, type CardPush } from '../../../shared/alarms/push';
import { ALARM_TYPE_BY_KEY } from '../../../shared/alarms/types';
import { getLiveBridge, useLiveEvent } from '../../live/liveStore';
import { request, toast } from '../../lib/request';
import { getUser, isReadOnly } from '../../lib/session';
import { alarmKeys } from '../alarms/alarms.queries';
import { useTakenAlarms } from '../alarms/useTakenAlarms';
import { CallDialog } from './CallDialog';
import { CallDrawer } from './CallDrawer';
import { CallMachine } from './callMachine';
import { CardDialog } from './CardDialog';
import { alertId, CriticalAlarmDialog, type CriticalAlert } from './CriticalAlarmDialog';
import { SoundGate } from './SoundGate';
import { webAudioSounds, type Sounds } from './sounds';
import { useApprovalNotifications } from '../approvals/useApprovalNotifications';
import { useAlarmNotifications } from './useAlarmNotifications';
import { useAnnouncementNotifications } from '../announcements/useAnnouncementNotifications';
import { usePhonePushBridge } from '../push/workerBridge';

interface RealtimeLayerProps {
  children?: ReactNode;
  onNavigate: (href: string) => void;
  sounds?: Sounds;
}

function createMachine(sounds: Sounds): CallMachine {
  return new CallMachine({
    publish: (topic, payload) => void getLiveBridge()?.publish(topic, payload, { qos: 0, retain: false }),
    subscribe: (topic) => getLiveBridge()?.subscribe(topic),
    unsubscribe: (topic) => getLiveBridge()?.unsubscribe(topic),
    userId: () => getUser()?.id,
    ring: () => sounds.ring(),
    invalidData: () => toast('error', t`无效的数据，请检查服务`),
    hangUp: (imei, roomNo) =>
      request('device', 'voiceNet/property/answer', { imei, roomNo }, { quiet: true, background: true }),
  });
}

/**
 * The global shell's dialogs over the pages (docs/requirements/realtime-intercom.md#global-shell): door-call drawer
 * and call dialog, critical-alarm (SOS and every other critical type) and card dialogs, alarm notifications. It reads the live bridge of the session from the
 * live store, so it renders the same with the real broker or a test's fake client.
 */
export function RealtimeLayer({ children, onNavigate, sounds = webAudioSounds }: RealtimeLayerProps) {
  const [machine] = useState(() => createMachine(sounds));
  const call = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const [critical, setCritical] = useState<CriticalAlert[]>([]);
  const [cards, setCards] = useState<CardPush[]>([]);
  /** Alarm id -> who took it (docs/alarms.md#acknowledgement-and-escalation): such an alarm no longer rings here. */
  const { taken, acknowledge } = useTakenAlarms();
  /** Bumped when an escalation step sends a shown critical alarm again: the ring starts over. */
  const [ringAgain, setRingAgain] = useState(0);
  const queryClient = useQueryClient();

  useEffect(() => () => machine.dispose(), [machine]);
  useLiveEvent('doorCall', (push) => machine.incoming(push));
  useLiveEvent('unlocked', ({ imei }) => machine.unlocked(imei));
  // A critical alarm shows once, whether it came live or with the catch-up after a reconnect. The
  // same alarm again is an escalation step: nobody took it, so it rings again, still one entry, and
  // its escalation line is read again.
  const [seen] = useState(() => new Set<number>());
  const raise = (alert: CriticalAlert) => {
    const id = alertId(alert);
    if (id !== undefined && taken.has(id)) return;
    // An SOS beeps here; another critical alarm's toast beeps already (useAlarmNotifications).
    if (alert.kind === 'sos') sounds.alert();
    if (id !== undefined && seen.has(id)) {
      setCritical((queue) => (queue.some((c) => alertId(c) === id) ? queue : [...queue, alert]));
      setRingAgain((n) => n + 1);
      // A record's repeat (9001) refetches every alarm query already; an SOS repeat comes as 9003.
      if (alert.kind === 'sos') void queryClient.invalidateQueries({ queryKey: alarmKeys.timeline(id) });
      return;
    }
    if (id !== undefined) seen.add(id);
    setCritical((queue) => [...queue, alert]);
  };
  useLiveEvent('sos', (push) => {
    raise({ kind: 'sos', push });
    // A reminder (an escalation ringing again, one per interval) lists the other SOS still open:
    // each joins the dialog's queue once, without a beep of its own.
    for (const item of push.open ?? []) {
      const id = item.alarmId;
      if (id === undefined || id === push.alarmId || taken.has(id)) continue;
      seen.add(id);
      setCritical((queue) =>
        queue.some((c) => alertId(c) === id) ? queue : [...queue, { kind: 'sos', push: { code: push.code, ...item } }],
      );
    }
  });
  // Another critical alarm opens the dialog when the catch-up brings it missed; live its toast
  // stays with 我来处理 instead (docs/alarms.md#acknowledgement-and-escalation). A step's repeat of one
  // the dialog shows rings it again. An SOS repeats as 9003 above.
  useLiveEvent('critical', ({ alarm }) => raise({ kind: 'alarm', alarm }));
  useLiveEvent('alarmAgain', ({ alarm }) => {
    if (alarm.type !== ALARM_TYPE_BY_KEY.sos && seen.has(alarm.id) && alarm.handleState === 0 && !alarm.ackedAt)
      raise({ kind: 'alarm', alarm });
  });
  const head = critical[0];
  const headId = head && alertId(head);
  const ringing = head !== undefined && !(headId !== undefined && taken.has(headId));
  // The shown alarm rings until someone takes it or the dialog closes.
  useEffect(() => (ringing ? sounds.ring() : undefined), [ringing, head, ringAgain, sounds]);
  // A tapped phone notification (sw/phone-push.ts): its alarm in front of the queue, whether or not
  // this console showed it before; an SOS in the SOS dialog, another alarm in the critical one.
  usePhonePushBridge((alarmId) => {
    void request<AlarmRecord>('device', 'alarm/get', { id: alarmId }, { background: true }).then(
      (alarm) => {
        const alert: CriticalAlert =
          alarm.type === ALARM_TYPE_BY_KEY.sos
            ? {
                kind: 'sos',
                push: {
                  code: PUSH_CODE.sos,
                  alarmId: alarm.id,
                  imei: alarm.imei,
                  name: alarm.personName ?? alarm.deviceName ?? '',
                  building: '',
                  unit: '',
                  roomNo: '',
                  userPhone: alarm.personPhone ?? '',
                  lat: alarm.lat,
                  lon: alarm.lon,
                },
              }
            : { kind: 'alarm', alarm };
        seen.add(alarm.id);
        setCritical((queue) => [alert, ...queue.filter((c) => alertId(c) !== alarm.id)]);
      },
      () => undefined,
    );
  });
  useLiveEvent('card', (push) => setCards((queue) => [...queue, push]));
  const onAck = isReadOnly() ? undefined : acknowledge;
  useAlarmNotifications(() => onNavigate('/AlarmHistory'), sounds, onAck);
  useApprovalNotifications(() => onNavigate('/audit'));
  useAnnouncementNotifications(() => onNavigate('/map/AnnouncementListtc'), sounds);

  return (
    <>
      {children}
      <CallDrawer state={call} machine={machine} />
      <CallDialog state={call} machine={machine} />
      <CriticalAlarmDialog
        queue={critical}
        taken={taken}
        onAck={onAck}
        onClose={() => setCritical((queue) => queue.slice(1))}
        onOpenDevice={(imei) => {
          setCritical((queue) => queue.slice(1));
          onNavigate(`/map/DeviceDtail?imei=${encodeURIComponent(imei)}`);
        }}
      />
      <CardDialog queue={cards} onClose={() => setCards((queue) => queue.slice(1))} />
      <SoundGate sounds={sounds} />
    </>
  );
}
