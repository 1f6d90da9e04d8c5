import { useMutation } from '@tanstack/react-query';
import { alarmMutationKeys, newRequestId, type AlarmHandleVars, type AlarmReadVars } from './alarmMutations';

export interface HandleInput {
  state: AlarmHandleVars['state'];
  note?: string;
}

/**
 * Mark read and handle, on the defaults registered by key (alarmMutations.ts). Each call gets a
 * fresh requestId that travels with the paused change, so a resumed or retried send reuses it.
 */
export function useAlarmActions() {
  const read = useMutation<unknown, Error, AlarmReadVars>({ mutationKey: alarmMutationKeys.read() });
  const handle = useMutation<unknown, Error, AlarmHandleVars>({ mutationKey: alarmMutationKeys.handle() });
  return {
    markRead: (ids: number[]) => read.mutate({ ids, requestId: newRequestId() }),
    handle: (ids: number[], input: HandleInput, onDone?: () => void) => {
      const note = input.note?.trim();
      handle.mutate({ ids, state: input.state, ...(note ? { note } : {}), requestId: newRequestId() });
      // Offline the change waits in the queue; the dialog closes at once because the lists already show it.
      onDone?.();
    },
    reading: read.isPending && !read.isPaused,
    handling: handle.isPending && !handle.isPaused,
  };
}
