import type { QueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { AlarmAckResult, AlarmHandleBody } from '../../../shared/alarms/api';
import type { ListQuery, ListResult } from '../../../shared/resources/list';
import { RequestError, request, toast } from '../../lib/request';
import { getUser } from '../../lib/session';
import type { Row } from '../resources/resources.queries';
import { ALARM_RESOURCE } from './alarmResource';
import { alarmKeys } from './alarms.queries';

/**
 * Read and handle run through mutation defaults, not inline mutation functions: a mutation paused
 * offline (or still on its way when the page goes) is persisted without its functions, and after a
 * reload it can only resume if the client finds them again by key. Their requests are keepalive, so
 * a reload right after the click does not cancel one the console already shows as done.
 */
export const alarmMutationKeys = {
  all: () => [ALARM_RESOURCE.name] as const,
  read: () => [ALARM_RESOURCE.name, 'read'] as const,
  handle: () => [ALARM_RESOURCE.name, 'handle'] as const,
  ack: () => [ALARM_RESOURCE.name, 'ack'] as const,
};

/** The body always carries the idempotency key, so a replay after a lost answer changes nothing. */
export interface AlarmReadVars {
  ids: number[];
  requestId: string;
}
export type AlarmHandleVars = AlarmHandleBody & { requestId: string };
/** "I'm on it" (docs/alarms.md#acknowledgement-and-escalation): same queue and idempotency key as read and handle. */
export type AlarmAckVars = AlarmReadVars;

/** 32 hex digits; getRandomValues works over plain http too (randomUUID needs a secure context). */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function isAlarmMutation(mutation: { options: { mutationKey?: readonly unknown[] } }): boolean {
  const key = mutation.options.mutationKey;
  return key?.[0] === ALARM_RESOURCE.name && ['read', 'handle', 'ack'].includes(String(key[1]));
}

/** 1 + 2 + 4 + 8 + 16 s: a patchy connection gets half a minute before the change is given up. */
const MAX_NETWORK_RETRIES = 5;

/** A dropped connection on a patchy site is retried (the body is idempotent); a refusal is not. */
function retryNetwork(failures: number, error: unknown): boolean {
  return (
    error instanceof RequestError &&
    (error.kind === 'network' || error.kind === 'timeout') &&
    failures < MAX_NETWORK_RETRIES
  );
}

function matchesFilters(row: Row, filters: Record<string, unknown> | undefined): boolean {
  for (const name of ['read', 'handleState'] as const) {
    const wanted = filters?.[name];
    if (wanted !== undefined && wanted !== null && row[name] !== wanted) return false;
  }
  return true;
}

/** Patches cached alarm rows in place and drops the ones a list's read/handle filter no longer admits. */
function patchAlarmRows(client: QueryClient, ids: readonly number[], patch: Partial<Row>): void {
  const wanted = new Set(ids);
  for (const [key, data] of client.getQueriesData<ListResult<Row>>({ queryKey: alarmKeys.lists() })) {
    if (!data?.rows) continue;
    const filters = (key[2] as ListQuery | undefined)?.filters;
    let dropped = 0;
    const rows = data.rows.flatMap((row) => {
      if (!wanted.has(row.id)) return [row];
      const next = { ...row, ...patch };
      if (matchesFilters(next, filters)) return [next];
      dropped += 1;
      return [];
    });
    client.setQueryData(key, { ...data, rows, total: Math.max(0, data.total - dropped) });
  }
}

async function settle(client: QueryClient): Promise<void> {
  // Refetch once the last queued change is through, so a refetch does not undo a pending one.
  if (client.isMutating({ mutationKey: alarmMutationKeys.all() }) <= 1) {
    await client.invalidateQueries({ queryKey: alarmKeys.all() });
  }
}

function report(error: unknown): void {
  if (error instanceof RequestError && error.kind === 'session') return;
  toast('error', error instanceof Error && error.message ? error.message : t`操作失败`);
}

/** Registers read, handle and acknowledge on the client; call before the persisted cache is restored. */
export function registerAlarmMutations(client: QueryClient): void {
  const common = {
    retry: retryNetwork,
    // One queue: after an offline spell the changes reach the service in the order they were made.
    scope: { id: ALARM_RESOURCE.name },
    onError: report,
    onSettled: () => settle(client),
  };
  client.setMutationDefaults(alarmMutationKeys.read(), {
    ...common,
    mutationFn: (vars: AlarmReadVars) =>
      request('device', `${ALARM_RESOURCE.name}/read`, vars, { quiet: true, keepalive: true }),
    onMutate: async (vars: AlarmReadVars) => {
      await client.cancelQueries({ queryKey: alarmKeys.lists() });
      patchAlarmRows(client, vars.ids, { read: 1 });
    },
  });
  client.setMutationDefaults(alarmMutationKeys.handle(), {
    ...common,
    mutationFn: (vars: AlarmHandleVars) =>
      request('device', `${ALARM_RESOURCE.name}/handle`, vars, { quiet: true, showMessage: true, keepalive: true }),
    onMutate: async (vars: AlarmHandleVars) => {
      await client.cancelQueries({ queryKey: alarmKeys.lists() });
      patchAlarmRows(client, vars.ids, {
        read: 1,
        handleState: vars.state,
        handleNote: vars.note ?? null,
        handlerName: getUser()?.name ?? null,
        handledAt: new Date().toISOString(),
      });
    },
  });
  client.setMutationDefaults(alarmMutationKeys.ack(), {
    ...common,
    mutationFn: (vars: AlarmAckVars) =>
      request<AlarmAckResult>('device', `${ALARM_RESOURCE.name}/ack`, vars, { quiet: true, keepalive: true }),
    onMutate: async (vars: AlarmAckVars) => {
      await client.cancelQueries({ queryKey: alarmKeys.lists() });
      patchAlarmRows(client, vars.ids, {
        read: 1,
        ackedAt: new Date().toISOString(),
        ackedByName: getUser()?.name ?? null,
      });
    },
  });
}

/** The service's permission mark of handling (read needs none). */
export const HANDLE_MARK = 'alarm:handle';
