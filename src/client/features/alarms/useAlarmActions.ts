import { useMutation } from '@tanstack/react-query';
import type { AlarmAckResult } from '../../../shared/alarms/api';
import {
  alarmMutationKeys,
  newRequestId,
  type AlarmAckVars,
  type AlarmHandleVars,
  type AlarmReadVars,
} from './alarmMutations';

export interface HandleInput {
  state: AlarmHandleVars['state'];
  note?: string;
}

/**
 * Mark read, handle and acknowledge, on the defaults registered by key (alarmMutations.ts). Each call gets a
 * fresh requestId that travels with the paused change, so a resumed or retried send reuses it.
 */
export function useAlarmActions() {
  const read = useMutation<unknown, Error, AlarmReadVars>({ mutationKey: alarmMutationKeys.read() });
  const handle = useMutation<unknown, Error, AlarmHandleVars>({ mutationKey: alarmMutationKeys.handle() });
  const ack = useMutation<AlarmAckResult, Error, AlarmAckVars>({ mutationKey: alarmMutationKeys.ack() });
  return {
    markRead: (ids: number[]) => read.mutate({ ids, requestId: newRequestId() }),
    handle: (ids: number[], input: HandleInput, onDone?: () => void) => {
      const note = input.note?.trim();
      handle.mutate({ ids, state: input.state, ...(note ? { note } : {}), requestId: newRequestId() });
      // Offline the change waits in the queue; the dialog closes at once because the lists already show it.
      onDone?.();
    },
    /** Offline the acknowledgement waits in the same queue; `onAnswer` hears who holds each alarm once it is through. */
    acknowledge: (ids: number[], onAnswer?: (answer: AlarmAckResult) => void) =>
      ack.mutate({ ids, requestId: newRequestId() }, { onSuccess: (answer) => onAnswer?.(answer) }),
    reading: read.isPending && !read.isPaused,
    handling: handle.isPending && !handle.isPaused,
  };
}
