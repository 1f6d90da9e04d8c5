import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import type { CardPush, SosPush } from '../../../shared/alarms/push';
import { getLiveBridge, useLiveEvent } from '../../live/liveStore';
import { request, toast } from '../../lib/request';
import { getUser, isReadOnly } from '../../lib/session';
import { useAlarmActions } from '../alarms/useAlarmActions';
import { CallDialog } from './CallDialog';
import { CallDrawer } from './CallDrawer';
import { CallMachine } from './callMachine';
import { CardDialog } from './CardDialog';
import { SosDialog } from './SosDialog';
import { SoundGate } from './SoundGate';
import { webAudioSounds, type Sounds } from './sounds';
import { useApprovalNotifications } from '../approvals/useApprovalNotifications';
import { useAlarmNotifications } from './useAlarmNotifications';
import { useAnnouncementNotifications } from '../announcements/useAnnouncementNotifications';

export interface RealtimeLayerProps {
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
 * and call dialog, SOS and card dialogs, alarm notifications. It reads the live bridge of the session from the
 * live store, so it renders the same with the real broker or a test's fake client.
 */
export function RealtimeLayer({ children, onNavigate, sounds = webAudioSounds }: RealtimeLayerProps) {
  const [machine] = useState(() => createMachine(sounds));
  const call = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const [sos, setSos] = useState<SosPush[]>([]);
  const [cards, setCards] = useState<CardPush[]>([]);
  /** Alarm id -> who took it (docs/alarms.md#acknowledgement-and-escalation): such an alarm no longer rings here. */
  const [taken, setTaken] = useState<ReadonlyMap<number, string>>(() => new Map());
  /** Bumped when an escalation step sends a shown SOS again: the ring starts over. */
  const [ringAgain, setRingAgain] = useState(0);
  const actions = useAlarmActions();
  const take = (ids: readonly number[], name: string) =>
    setTaken((current) => {
      const next = new Map(current);
      for (const id of ids) next.set(id, name);
      return next;
    });

  useEffect(() => () => machine.dispose(), [machine]);
  useLiveEvent('doorCall', (push) => machine.incoming(push));
  useLiveEvent('unlocked', ({ imei }) => machine.unlocked(imei));
  // An SOS shows once, whether it came live or with the catch-up after a reconnect. The same
  // alarm again is an escalation step: nobody took it, so it rings again, still one entry.
  const [sosSeen] = useState(() => new Set<number>());
  useLiveEvent('sos', (push) => {
    const id = push.alarmId;
    if (id !== undefined && taken.has(id)) return;
    sounds.alert();
    if (id !== undefined && sosSeen.has(id)) {
      setSos((queue) => (queue.some((s) => s.alarmId === id) ? queue : [...queue, push]));
      setRingAgain((n) => n + 1);
      return;
    }
    if (id !== undefined) sosSeen.add(id);
    setSos((queue) => [...queue, push]);
  });
  useLiveEvent('alarmUpdate', ({ ids, ackedAt, ackedByName }) => {
    if (ackedAt) take(ids, ackedByName ?? '');
  });
  const head = sos[0];
  const ringing = head !== undefined && !(head.alarmId !== undefined && taken.has(head.alarmId));
  // The shown SOS rings until someone takes it or the dialog closes.
  useEffect(() => (ringing ? sounds.ring() : undefined), [ringing, head, ringAgain, sounds]);
  const acknowledge = (id: number) => {
    // Shown at once (offline the acknowledgement waits in the queue); the answer names who holds it.
    take([id], getUser()?.name ?? '');
    actions.acknowledge([id], (answer) => {
      const holder = answer.taken.find((t) => t.id === id)?.ackedByName;
      if (holder) take([id], holder);
    });
  };
  useLiveEvent('card', (push) => setCards((queue) => [...queue, push]));
  useAlarmNotifications(() => onNavigate('/AlarmHistory'), sounds);
  useApprovalNotifications(() => onNavigate('/audit'));
  useAnnouncementNotifications(() => onNavigate('/map/AnnouncementListtc'), sounds);

  return (
    <>
      {children}
      <CallDrawer state={call} machine={machine} />
      <CallDialog state={call} machine={machine} />
      <SosDialog
        queue={sos}
        taken={taken}
        onAck={isReadOnly() ? undefined : acknowledge}
        onClose={() => setSos((queue) => queue.slice(1))}
        onOpenDevice={(imei) => {
          setSos((queue) => queue.slice(1));
          onNavigate(`/map/DeviceDtail?imei=${encodeURIComponent(imei)}`);
        }}
      />
      <CardDialog queue={cards} onClose={() => setCards((queue) => queue.slice(1))} />
      <SoundGate sounds={sounds} />
    </>
  );
}
