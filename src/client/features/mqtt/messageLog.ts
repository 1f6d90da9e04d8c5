import { payloadText, viewPayload, type PayloadView } from './payloadView';
import type { QoS } from './topicRules';
import { csvCell } from '../../../shared/csv';
import { formatDateCell } from '../../lib/dates';

/** The log keeps the newest messages only: a busy topic must not fill the tab's memory. */
export const LOG_CAP = 500;

export interface LogEntry {
  id: number;
  /** Arrival, ms since the epoch. */
  at: number;
  topic: string;
  qos: QoS;
  retain: boolean;
  bytes: number;
  view: PayloadView;
}

let nextId = 1;

export function logEntry(
  topic: string,
  payload: Uint8Array,
  packet: { qos: number; retain: boolean },
  at: number,
): LogEntry {
  const qos = (packet.qos === 1 || packet.qos === 2 ? packet.qos : 0) as QoS;
  return { id: nextId++, at, topic, qos, retain: packet.retain, bytes: payload.length, view: viewPayload(payload) };
}

/** Newest first. While paused, arrivals wait in `held` (same cap) and join on resume. */
export interface LogState {
  entries: LogEntry[];
  held: LogEntry[];
  paused: boolean;
}

export type LogAction =
  { type: 'add'; entries: LogEntry[] } | { type: 'pause' } | { type: 'resume' } | { type: 'clear' };

export const emptyLog: LogState = { entries: [], held: [], paused: false };

/** `incoming` is oldest first, as the messages arrived. */
const prepend = (list: LogEntry[], incoming: LogEntry[], cap: number) =>
  [...incoming.slice(-cap).reverse(), ...list].slice(0, cap);

export function logReducer(state: LogState, action: LogAction): LogState {
  const cap = LOG_CAP;
  switch (action.type) {
    case 'add':
      if (action.entries.length === 0) return state;
      return state.paused
        ? { ...state, held: prepend(state.held, action.entries, cap) }
        : { ...state, entries: prepend(state.entries, action.entries, cap) };
    case 'pause':
      return state.paused ? state : { ...state, paused: true };
    case 'resume':
      return { entries: [...state.held, ...state.entries].slice(0, cap), held: [], paused: false };
    case 'clear':
      return { ...state, entries: [], held: [] };
  }
}

/** Entries whose topic or payload contains `query`, ignoring case. */
export function filterLog(entries: readonly LogEntry[], query: string): LogEntry[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...entries];
  return entries.filter((e) => e.topic.toLowerCase().includes(q) || payloadText(e.view).toLowerCase().includes(q));
}

const CSV_COLUMNS = ['time', 'topic', 'qos', 'retained', 'format', 'bytes', 'payload'] as const;

/** RFC 4180 CSV (CRLF), oldest first, times ISO 8601 UTC; binary payloads as hex. */
export function logToCsv(entries: readonly LogEntry[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const e of [...entries].sort((a, b) => a.at - b.at || a.id - b.id)) {
    lines.push(
      [new Date(e.at).toISOString(), e.topic, e.qos, e.retain, e.view.kind, e.bytes, payloadText(e.view)]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The tenant's clock with milliseconds: messages a few ms apart stay in order to the eye. */
export const clockTime = (at: number): string => formatDateCell(at, 'HH:mm:ss.SSS');
