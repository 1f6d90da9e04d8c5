import { useState } from 'react';
import { useLiveEvent } from '../../live/liveStore';
import { getUser } from '../../lib/session';
import { useAlarmActions } from './useAlarmActions';

/**
 * Who took which alarm (docs/alarms.md#acknowledgement-and-escalation), and 我来处理 itself: the
 * critical-alarm dialog, its toasts and the data wall share it. A 9002 with `ackedAt` from any
 * console names the holder; acknowledging here shows this user at once (offline the acknowledgement
 * waits in the queue), and the answer names whoever really holds it.
 */
export function useTakenAlarms() {
  const actions = useAlarmActions();
  const [taken, setTaken] = useState<ReadonlyMap<number, string>>(() => new Map());
  const take = (ids: readonly number[], name: string) =>
    setTaken((current) => {
      const next = new Map(current);
      for (const id of ids) next.set(id, name);
      return next;
    });
  useLiveEvent('alarmUpdate', ({ ids, ackedAt, ackedByName }) => {
    if (ackedAt) take(ids, ackedByName ?? '');
  });
  const acknowledge = (id: number) => {
    take([id], getUser()?.name ?? '');
    actions.acknowledge([id], (answer) => {
      const holder = answer.taken.find((t) => t.id === id)?.ackedByName;
      if (holder) take([id], holder);
    });
  };
  return { taken, acknowledge };
}
